import { twoFactorCodeSchema } from '@cohort/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { useCan } from '../../lib/auth';
import { notifySuccess } from '../../lib/notify';
import { useAppStore } from '../../lib/store';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/validation';
import {
  secretFromOtpauthUrl,
  setTwoFactorEnabled,
  type TwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetupTwoFactor,
} from './api/two-factor';
import { BackupCodes } from './components/backup-codes';
import { ChangePasswordForm } from './components/change-password-form';

function CodeInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextInput
      label="Authentication code"
      description="The 6-digit code shown in your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      maw={260}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}

function EnableFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setupMutation = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  if (!setup) {
    return (
      <Button
        loading={setupMutation.isPending}
        onClick={() => setupMutation.mutate(undefined, { onSuccess: setSetup })}
        w="fit-content"
      >
        Set up two-factor authentication
      </Button>
    );
  }

  const secret = secretFromOtpauthUrl(setup.otpauthUrl);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(twoFactorCodeSchema, { code });
    setErrors(invalid ?? {});
    if (invalid) return;
    enable.mutate(code, {
      onSuccess: ({ backupCodes }) => {
        notifySuccess('Two-factor authentication enabled');
        onEnabled(backupCodes);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={handleSubmit}>
      <Text size="sm">
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret in
        by hand.
      </Text>
      <Image src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
      <Group gap="xs">
        <Text size="sm">Secret:</Text>
        <Code data-testid="two-factor-secret">{secret}</Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">2. Enter the code the app shows to finish.</Text>
      <CodeInput value={code} onChange={setCode} error={errors.code} />
      <Group gap="xs">
        <Button type="submit" loading={enable.isPending}>
          Enable two-factor authentication
        </Button>
        <Button variant="default" onClick={() => setSetup(null)} disabled={enable.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function DisableFlow() {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(twoFactorCodeSchema, { code });
    setErrors(invalid ?? {});
    if (invalid) return;
    modals.openConfirmModal({
      title: 'Turn off two-factor authentication?',
      centered: true,
      children: (
        <Text size="sm">
          Your account will be protected by your password only, and your backup codes will stop working.
        </Text>
      ),
      labels: { confirm: 'Turn off', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(code, {
          onSuccess: () => {
            notifySuccess('Two-factor authentication disabled');
            setTwoFactorEnabled(false);
          },
          onError: (err) => setErrors(serverFieldErrors(err)),
        }),
    });
  };

  return (
    <Stack gap="md" component="form" onSubmit={handleSubmit}>
      <Text size="sm">To turn it off, confirm with a current code from your authenticator app.</Text>
      <CodeInput value={code} onChange={setCode} error={errors.code} />
      <Button type="submit" color="red" variant="light" loading={disable.isPending} w="fit-content">
        Disable two-factor authentication
      </Button>
    </Stack>
  );
}

export function SecurityPage() {
  const user = useAppStore((s) => s.user);
  const allowed = useCan();
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const enabled = Boolean(user?.twoFactorEnabled);

  if (!allowed('twoFactor', 'manage')) {
    return (
      <Stack>
        <Title order={1}>Security</Title>
        <Alert color="gray">Your role cannot manage two-factor authentication.</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>Security</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Password
          </Title>
          <ChangePasswordForm />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm">
            <Title order={2} size="h4">
              Two-factor authentication
            </Title>
            <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-status">
              {enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          {backupCodes ? (
            <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />
          ) : enabled ? (
            <>
              <Text size="sm">
                Two-factor authentication is on. Signing in asks for a code from your authenticator app or a backup
                code.
              </Text>
              <DisableFlow />
            </>
          ) : (
            <>
              <Text size="sm">
                Two-factor authentication is off. Turn it on so a stolen password alone cannot open your account.
              </Text>
              <EnableFlow
                onEnabled={(codes) => {
                  // Both in one render: the codes show before the page switches to the "on" state.
                  setBackupCodes(codes);
                  setTwoFactorEnabled(true);
                }}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
