import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLogout } from '../features/auth/api/logout';
import { ChangePasswordForm } from '../features/security/components/change-password-form';
import { appStore } from '../lib/store';

/**
 * The only screen of an account whose password someone else chose (the first ADMIN's,
 * decision 028): the server refuses every other call until it is changed.
 */
export function NewPasswordPage() {
  const logout = useLogout();
  const handleChanged = () => {
    const { user, setUser } = appStore.getState();
    if (user) setUser({ ...user, mustChangePassword: false });
  };

  return (
    <Center component="main" id="main" tabIndex={-1} mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="blue">
              Cohort Admin
            </Text>
            <Title order={1}>Choose a new password</Title>
          </Stack>
          <Text size="sm">
            This account's password was set for you. Enter it as your current password and choose your own to continue.
          </Text>
          <ChangePasswordForm onChanged={handleChanged} />
          <Button variant="subtle" w="fit-content" loading={logout.isPending} onClick={() => logout.mutate()}>
            Log out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
