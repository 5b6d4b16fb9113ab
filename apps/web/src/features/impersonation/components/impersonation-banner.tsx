import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';
import { useImpersonation } from '../../../lib/impersonation';
import { useAppStore } from '../../../lib/store';
import { useStopImpersonation } from '../api/stop-impersonation';

/** On every screen while an impersonation token is in use: who, why, until when, and the way back. */
export function ImpersonationBanner() {
  const current = useImpersonation();
  const token = useAppStore((s) => s.token);
  const stop = useStopImpersonation();
  if (!current || !token || token === current.adminToken) return null;
  return (
    <Alert
      // Light, with its text darkened to 4.5:1 (white on filled orange is 3.6:1); the outline
      // keeps it from reading as an ordinary notice.
      color="orange"
      variant="light"
      style={{ border: '2px solid var(--mantine-color-orange-filled)' }}
      mb="md"
      icon={<IconUserShield size={20} />}
      title={`You are acting as ${current.learner.name}`}
      role="status"
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text size="sm">
          Until {formatDate(current.expiresAt)}. Reason: {current.reason}. Everything done with this session is recorded
          with your name, {current.adminUser.name}.
        </Text>
        <Button variant="default" loading={stop.isPending} onClick={() => stop.mutate()}>
          Stop impersonating
        </Button>
      </Group>
    </Alert>
  );
}
