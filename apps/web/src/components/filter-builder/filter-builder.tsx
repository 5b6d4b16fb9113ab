import { type FieldDef, type Filter, type FilterOperator, operatorsFor } from '@cohort/domain';
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { buildFilters, defaultOperator, emptyRow, type FilterRow, filtersToRows } from './build-filters';

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  like: 'contains',
  '=': 'is',
  '!=': 'is not',
  '>': 'after / greater than',
  '>=': 'on or after / at least',
  '<': 'before / less than',
  '<=': 'on or before / at most',
};

type Props = {
  /** Filterable fields for the current role. */
  fields: readonly FieldDef[];
  value: readonly Filter[];
  onChange: (filters: Filter[]) => void;
};

function ValueInput({ field, value, onChange }: { field: FieldDef; value: string; onChange: (v: string) => void }) {
  const common = { label: 'Value', value, size: 'sm' as const, miw: 180 };
  switch (field.type) {
    case 'enum':
      return (
        <NativeSelect
          {...common}
          data={[
            { value: '', label: 'Choose…' },
            ...(field.options ?? []).map((o) => ({ value: String(o.value), label: o.label })),
          ]}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'boolean':
      return (
        <NativeSelect
          {...common}
          data={[
            { value: '', label: 'Choose…' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <TextInput
          {...common}
          type="number"
          step={field.type === 'integer' ? 1 : 'any'}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'datetime':
      return <TextInput {...common} type="datetime-local" onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'date':
      return <TextInput {...common} type="date" onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** Rows of field / operator / value; "Apply filters" hands the API's `filters` array to the caller. */
export function FilterBuilder({ fields, value, onChange }: Props) {
  const [rows, setRows] = useState<FilterRow[]>(() => filtersToRows(value, fields));

  // Filters changed from outside (url navigation): show them.
  const key = JSON.stringify(value);
  useEffect(() => {
    setRows(filtersToRows(JSON.parse(key) as Filter[], fields));
  }, [key, fields]);

  const update = (id: string, patch: Partial<FilterRow>) =>
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const handleFieldChange = (row: FilterRow, name: string) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return;
    const keepOperator = row.operator && operatorsFor(field.type).includes(row.operator);
    update(row.id, { field: name, operator: keepOperator ? row.operator : defaultOperator(field), value: '' });
  };

  const handleApply = (e: FormEvent) => {
    e.preventDefault();
    onChange(buildFilters(rows, fields));
  };

  const handleClear = () => {
    setRows([]);
    onChange([]);
  };

  if (fields.length === 0) return null;

  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={handleApply} aria-label="Filters">
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No filters. Add one to narrow the list.
          </Text>
        )}
        {rows.map((row) => {
          const field = fields.find((f) => f.name === row.field) ?? fields[0];
          return (
            <Group key={row.id} gap="xs" align="flex-end" wrap="wrap" data-testid="filter-row">
              <NativeSelect
                label="Field"
                size="sm"
                value={field.name}
                data={fields.map((f) => ({ value: f.name, label: f.label }))}
                onChange={(e) => handleFieldChange(row, e.currentTarget.value)}
              />
              <NativeSelect
                label="Operator"
                size="sm"
                value={row.operator}
                data={operatorsFor(field.type).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
                onChange={(e) => update(row.id, { operator: e.currentTarget.value as FilterOperator })}
              />
              <ValueInput field={field} value={row.value} onChange={(v) => update(row.id, { value: v })} />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label="Remove filter"
                onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows((rs) => [...rs, emptyRow(fields)])}
          >
            Add filter
          </Button>
          <Button type="submit" size="xs">
            Apply filters
          </Button>
          {(rows.length > 0 || value.length > 0) && (
            <Button variant="subtle" size="xs" onClick={handleClear}>
              Clear filters
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
