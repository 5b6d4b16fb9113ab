import { Badge, Code, Paper, Table, Text, Title } from '@mantine/core';

type Json = Record<string, unknown> | null | undefined;

export type DiffRow = { field: string; before: unknown; after: unknown; changed: boolean };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Field by field comparison of an audit entry's before and after. */
export function auditDiffRows(before: Json, after: Json): DiffRow[] {
  const b = before ?? {};
  const a = after ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => ({ field, before: b[field], after: a[field], changed: !same(b[field], a[field]) }));
}

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <Text c="dimmed">—</Text>;
  if (value === null) return <Text c="dimmed">null</Text>;
  if (typeof value === 'object')
    return (
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  return <Text style={{ wordBreak: 'break-word' }}>{String(value)}</Text>;
}

export function AuditDiff({ before, after }: { before: Json; after: Json }) {
  const rows = auditDiffRows(before, after);
  const changedFirst = [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Changes
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">No field values were recorded for this entry.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changedFirst.map((r) => (
                <Table.Tr key={r.field} data-changed={r.changed || undefined}>
                  <Table.Td>
                    <Text fw={600} span>
                      {r.field}
                    </Text>{' '}
                    {r.changed && (
                      <Badge size="xs" color="orange" variant="light">
                        changed
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td bg={r.changed ? 'var(--mantine-color-red-light)' : undefined}>
                    <Value value={r.before} />
                  </Table.Td>
                  <Table.Td bg={r.changed ? 'var(--mantine-color-green-light)' : undefined}>
                    <Value value={r.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The audit log's detail panel: the entry's before and after, field by field. */
export function AuditDiffPanel({ record }: { record: Record<string, unknown> }) {
  return (
    <AuditDiff
      before={record.before as Record<string, unknown> | null}
      after={record.after as Record<string, unknown> | null}
    />
  );
}
