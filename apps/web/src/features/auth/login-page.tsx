import { calls, type LoginResult } from '@cohort/domain';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { call } from '../../lib/call';
import { startSession } from './api/login';
import { LoginForm } from './components/login-form';
import { TwoFactorForm } from './components/two-factor-form';

type Props = {
  /** The page to open once logged in (from the address's `?next=`; decision 036); the dashboard when null. */
  next?: string | null;
};

/**
 * Email + password, then (when the account has 2FA on) the code step. An expired session is
 * announced once, by the catalogue's toast "Token Expired. Login Again!!!" (spec §8); this page
 * adds no second message of its own (issue 18, finding 16).
 */
export function LoginPage({ next = null }: Props) {
  const [limitedToken, setLimitedToken] = useState<string | null>(null);

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
