import { AUDIT_ACTIONS, type HistoryChange, type HistoryEntry, type ResourceDef } from '@cohort/domain';
import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { PaginationBar } from '../../../components/data-table/pagination-bar';
import { ReferenceValue } from '../../../components/reference-value';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate, readableText } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { HISTORY_PAGE_SIZE, useLearnerHistory, useRevertFieldChange } from '../api/learner-history';

function Value({ value, label, reference }: { value: unknown; label?: string | null; reference?: string | null }) {
  if (value === null || value === undefined) return <Text c="dimmed">empty</Text>;
  // A reference by the name of the record it names, linked when the console has its screen (decision 038).
  if (reference)
    return <ReferenceValue field={{ reference: { resource: reference, labelField: '' } }} id={value} label={label} />;
  if (typeof value === 'object') return <Code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(value)}</Code>;
  if (typeof value === 'boolean') return <Text>{value ? 'Yes' : 'No'}</Text>;
  // A date changed shows as a date, as everywhere else (issue 18, finding 10).
  return <Text style={{ wordBreak: 'break-word' }}>{readableText(String(value))}</Text>;
}

/** A value in a sentence: dates readable, nothing as "empty". */
const said = (value: unknown) =>
  value === null || value === undefined ? 'empty' : typeof value === 'string' ? readableText(value) : String(value);

const ACTION_LABELS: Record<string, { label: string; color: string }> = Object.fromEntries(
  AUDIT_ACTIONS.map((a) => [a.value, { label: a.label, color: a.color }]),
);

/** A learner page action's audit name in words: `changeStatus` -> "Change status". */
function actionWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Entry({ entry, userId }: { entry: HistoryEntry; userId: string }) {
  const revert = useRevertFieldChange(userId);
  const action = ACTION_LABELS[entry.action] ?? { label: actionWords(entry.action), color: 'blue' };
  const handleRevert = (change: HistoryChange) =>
    modals.openConfirmModal({
      title: `Set ${change.label} back?`,
      centered: true,
      children: (
        <Text size="sm">
          {change.label} goes back from “{said(change.afterLabel ?? change.after)}” to “
          {said(change.beforeLabel ?? change.before)}”. The revert is recorded in this history.
        </Text>
      ),
      labels: { confirm: 'Revert', cancel: 'Cancel' },
      onConfirm: () =>
        revert.mutate(
          { auditId: entry.id, field: change.field, version: entry.recordVersion ?? 0 },
          { onSuccess: () => notifySuccess(`${change.label} is set back`) },
        ),
    });

  return (
    <Stack gap={6} data-testid={`history-entry-${entry.id}`}>
      <Group gap="xs" wrap="wrap">
        <Badge color={action.color} variant="light">
          {action.label}
        </Badge>
        <Text size="sm" fw={600}>
          {entry.entityLabel} #{entry.entityId}
        </Text>
        <Text size="xs" c="dimmed">
          {entry.actorName ?? 'System'}
          {entry.impersonatorName ? `, impersonated by ${entry.impersonatorName}` : ''} · {formatDate(entry.createdAt)}
        </Text>
      </Group>
      {entry.note && <Text size="sm">{entry.note}</Text>}
      {entry.changes.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table layout="fixed" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180}>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Revert</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.changes.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td fw={600}>{c.label}</Table.Td>
                  <Table.Td bg="var(--mantine-color-red-light)">
                    <Value value={c.before} label={c.beforeLabel} reference={c.reference} />
                  </Table.Td>
                  <Table.Td bg="var(--mantine-color-green-light)">
                    <Value value={c.after} label={c.afterLabel} reference={c.reference} />
                  </Table.Td>
                  <Table.Td>
                    {c.revertible ? (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Revert ${c.label}`}
                        loading={revert.isPending && revert.variables?.field === c.field}
                        onClick={() => handleRevert(c)}
                      >
                        Revert
                      </Button>
                    ) : (
                      entry.action !== 'create' &&
                      entry.action !== 'delete' &&
                      c.reason && (
                        <Tooltip label={c.reason} multiline w={260}>
                          <Text size="xs" c="dimmed" tabIndex={0}>
                            Not revertible
                          </Text>
                        </Tooltip>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** On a learner's page: every audited change of the learner and their records, field by field, with reverts. */
export function LearnerHistoryPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canRead = allowed('user', 'read');
  const [page, setPage] = useState(1);
  const history = useLearnerHistory(id, page, canRead);
  if (!canRead) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="History">
      <Stack gap="md">
        <Title order={2} size="h4">
          History
        </Title>
        {history.data?.totalItems === 0 && <Text c="dimmed">No changes recorded yet.</Text>}
        {history.data?.data.map((e) => (
          <Entry key={e.id} entry={e} userId={id} />
        ))}
        {(history.data?.totalItems ?? 0) > HISTORY_PAGE_SIZE && (
          <PaginationBar
            page={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={history.data?.totalItems ?? 0}
            onPageChange={setPage}
            testId="history-total"
          />
        )}
      </Stack>
    </Paper>
  );
}
