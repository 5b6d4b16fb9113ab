import { backupCodeSchema, twoFactorCodeSchema } from '@cohort/domain';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { type TwoFactorMethod, useVerifyTwoFactor } from '../api/verify-two-factor';

type Props = { limitedToken: string; next?: string | null; onCancel: () => void };

export function TwoFactorForm({ limitedToken, next = null, onCancel }: Props) {
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState(false);
  const verify = useVerifyTwoFactor();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { code: code.trim() };
    const invalid = validate(method === 'totp' ? twoFactorCodeSchema : backupCodeSchema, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    verify.mutate(
      { method, code: input.code, limitedToken, next },
      {
        onSuccess: () => notifySuccess('Two-factor authentication verified'),
        onError: (err) => {
          const fields = serverFieldErrors(err);
          // The toast already says it (spec §8): the field is marked, not told twice.
          if (err instanceof ApiError && fields.code === err.message) {
            setErrors({});
            setRefused(true);
          } else setErrors(fields);
        },
      },
    );
  };

  const switchMethod = () => {
    setMethod(method === 'totp' ? 'backup' : 'totp');
    setCode('');
    setErrors({});
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {method === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved when you turned on two-factor authentication.'}
        </Text>
        {method === 'totp' ? (
          <TextInput
            key="totp"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            // The step replaces the password form: the code field is where the person types next.
            autoFocus
            value={code}
            onChange={(e) => {
              setRefused(false);
              setCode(e.currentTarget.value.replace(/\D/g, ''));
            }}
            error={errors.code ?? refused}
          />
        ) : (
          <TextInput
            key="backup"
            label="Backup code"
            autoComplete="off"
            autoFocus
            value={code}
            onChange={(e) => {
              setRefused(false);
              setCode(e.currentTarget.value);
            }}
            error={errors.code ?? refused}
          />
        )}
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
            {method === 'totp' ? 'Use a backup code' : 'Use an authenticator code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Back to login
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
