import { calls, type LoginResult } from '@cohort/domain';
import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { call } from '../../lib/call';
import { useAppStore } from '../../lib/store';
import { startSession } from './api/login';
import { LoginForm } from './components/login-form';
import { TwoFactorForm } from './components/two-factor-form';

type Props = {
  /** The page to open once logged in (from the address's `?next=`; decision 036); the dashboard when null. */
  next?: string | null;
};

/** Email + password, then (when the account has 2FA on) the code step. */
export function LoginPage({ next = null }: Props) {
  const [limitedToken, setLimitedToken] = useState<string | null>(null);
  // Set by a 401; cleared when a new session starts.
  const sessionExpired = useAppStore((s) => s.sessionExpired);

  const handleResult = (result: LoginResult) => {
    if ('twoFactorRequired' in result) setLimitedToken(result.token);
    else startSession(result, next);
  };

  const handleCancel = () => {
    // Revoke the limited session quietly; going back to the form needs no answer.
    if (limitedToken) void call(calls.auth.logoutStaff, { token: limitedToken, silent: true }).catch(() => {});
    setLimitedToken(null);
  };

  return (
    <Center component="main" id="main" tabIndex={-1} mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="blue">
              Cohort Admin
            </Text>
            <Title order={1}>{limitedToken ? 'Two-factor authentication' : 'Log in'}</Title>
          </Stack>
          {sessionExpired && !limitedToken && (
            <Alert color="yellow" title="Session expired" role="status">
              Your session has ended. Log in again to continue.
            </Alert>
          )}
          {limitedToken ? (
            <TwoFactorForm limitedToken={limitedToken} next={next} onCancel={handleCancel} />
          ) : (
            <LoginForm onResult={handleResult} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
