import type { FieldDef } from '@cohort/domain';
import { Paper, Table } from '@mantine/core';
import { FieldValue } from '../../../components/field-value';

/** Read-only view of a record: one row per field. */
export function RecordDetails({ fields, record }: { fields: readonly FieldDef[]; record: Record<string, unknown> }) {
  return (
    <Paper withBorder radius="md">
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {fields
            // Structured values (an audit entry's before/after) have panels of their own.
            .filter((f) => f.type !== 'json')
            .map((f) => (
              <Table.Tr key={f.name}>
                <Table.Th w={200}>{f.label}</Table.Th>
                <Table.Td>
                  <FieldValue field={f} value={record[f.name]} record={record} long />
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
