import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useImpersonatedSession } from '../api/get-impersonated-session';

/**
 * What the console shows while it acts as a learner. The console is for staff: a learner's
 * session reaches nothing under /admin, so no staff screen opens with it. The token is for the
 * learner-facing app and the learner's own API calls (decision 015); this page shows whom the
 * server takes it for.
 */
export function ImpersonationView() {
  const session = useImpersonatedSession();
  return (
    <Paper withBorder radius="md" p="md" maw={720}>
      <Stack gap="sm">
        <Title order={1} size="h3">
          Acting as a learner
        </Title>
        {session.isPending && <Loader size="sm" />}
        {session.data && (
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>Signed in as</Table.Th>
                <Table.Td data-testid="impersonated-name">{session.data.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Td>{session.data.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Td>{session.data.role}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Acted as by</Table.Th>
                <Table.Td>{session.data.impersonatedBy?.name ?? ''}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">
          This session is the learner's: it reaches what their own login reaches and nothing of this console. Use it in
          the learner app, or to call the learner's API with the <code>token</code> header, to see what they see. Staff
          screens come back when you stop impersonating.
        </Text>
      </Stack>
    </Paper>
  );
}
