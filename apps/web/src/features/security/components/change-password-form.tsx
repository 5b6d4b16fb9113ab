import { changePasswordSchema } from '@cohort/domain';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '' };

/** Change one's own password: checked here with the server's schema, then by the server. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(changePasswordSchema, values);
    setErrors(invalid ?? {});
    if (invalid) return;
    change.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setValues(EMPTY);
        onChanged?.();
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: the event's target is gone by the time the state updater runs.
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  return (
    <Stack gap="md" component="form" onSubmit={handleSubmit} maw={360}>
      <Text size="sm">Changing your password signs you out everywhere else.</Text>
      <PasswordInput label="Current password" autoComplete="current-password" {...field('currentPassword')} />
      <PasswordInput
        label="New password"
        description="At least 10 characters"
        autoComplete="new-password"
        {...field('newPassword')}
      />
      <Button type="submit" loading={change.isPending} w="fit-content">
        Change password
      </Button>
    </Stack>
  );
}
