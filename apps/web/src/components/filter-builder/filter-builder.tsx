import { type FieldDef, type FieldType, type Filter, type FilterOperator, operatorsFor } from '@cohort/domain';
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { DateInput } from '../date-input/date-input';
import { checkRows, defaultOperator, emptyRow, type FilterRow, filtersToRows, rowProblem } from './build-filters';

const TEXT_WORDS: Partial<Record<FilterOperator, string>> = { like: 'contains', '=': 'is exactly', '!=': 'is not' };
const DATE_WORDS: Partial<Record<FilterOperator, string>> = {
  '=': 'is on',
  '!=': 'is not on',
  '>': 'is after',
  '>=': 'is on or after',
  '<': 'is before',
  '<=': 'is on or before',
};
const NUMBER_WORDS: Partial<Record<FilterOperator, string>> = {
  '=': 'equals',
  '!=': 'does not equal',
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
};
const CHOICE_WORDS: Partial<Record<FilterOperator, string>> = { '=': 'is', '!=': 'is not' };

/** An operator in the words its field's type calls for: dates are before/after, numbers at least/at most. */
export function operatorLabel(type: FieldType, op: FilterOperator): string {
  const words =
    type === 'date' || type === 'datetime'
      ? DATE_WORDS
      : type === 'integer' || type === 'number'
        ? NUMBER_WORDS
        : type === 'enum' || type === 'boolean' || type === 'reference'
          ? CHOICE_WORDS
          : TEXT_WORDS;
  return words[op] ?? op;
}

type Props = {
  /** Filterable fields for the current role. */
  fields: readonly FieldDef[];
  value: readonly Filter[];
  onChange: (filters: Filter[]) => void;
};

function ValueInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldDef;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const common = { label: 'Value', value, error, size: 'sm' as const, miw: 180 };
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
    // A reference is filtered by its record's id (a picker by name is left for the filter work of issue 18).
    case 'reference':
      return (
        <TextInput
          {...common}
          type="number"
          step={field.type === 'number' ? 'any' : 1}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'datetime':
    case 'date':
      return (
        <DateInput
          kind={field.type}
          label="Value"
          value={value}
          error={error}
          size="sm"
          miw={220}
          onChange={onChange}
        />
      );
    default:
      return <TextInput {...common} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** Rows of field / operator / value; "Apply filters" hands the API's `filters` array to the caller. */
export function FilterBuilder({ fields, value, onChange }: Props) {
  const [rows, setRows] = useState<FilterRow[]>(() => filtersToRows(value, fields));
  // Problems shown after "Apply filters", per row; a row being fixed loses its mark as it becomes usable.
  const [problems, setProblems] = useState<Record<string, string>>({});

  // Filters changed from outside (url navigation): show them.
  const key = JSON.stringify(value);
  useEffect(() => {
    setRows(filtersToRows(JSON.parse(key) as Filter[], fields));
  }, [key, fields]);

  const update = (id: string, patch: Partial<FilterRow>) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    setProblems((p) => {
      if (!p[id]) return p;
      const row = rows.find((r) => r.id === id);
      const field = fields.find((f) => f.name === (patch.field ?? row?.field));
      if (field && !rowProblem(field, patch.value ?? row?.value ?? '')) {
        const { [id]: _fixed, ...rest } = p;
        return rest;
      }
      return p;
    });
  };

  // Another field starts with its own type's default (text: "contains"), not the last field's operator.
  const handleFieldChange = (row: FilterRow, name: string) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return;
    update(row.id, { field: name, operator: defaultOperator(field), value: '' });
  };

  const handleApply = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRows(rows, fields);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length) return;
    onChange(checked.filters);
  };

  const handleRemove = (id: string) => {
    setRows((rs) => rs.filter((r) => r.id !== id));
    setProblems(({ [id]: _removed, ...rest }) => rest);
  };

  const handleClear = () => {
    setRows([]);
    setProblems({});
    onChange([]);
  };

  const problemCount = Object.keys(problems).length;

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
                data={operatorsFor(field.type).map((op) => ({ value: op, label: operatorLabel(field.type, op) }))}
                onChange={(e) => update(row.id, { operator: e.currentTarget.value as FilterOperator })}
              />
              <ValueInput
                field={field}
                value={row.value}
                error={problems[row.id]}
                onChange={(v) => update(row.id, { value: v })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label="Remove filter"
                onClick={() => handleRemove(row.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {problemCount > 0 && (
          <Text size="sm" c="red.8" role="alert">
            {problemCount === 1
              ? 'One filter is incomplete. Complete it or remove it, then apply.'
              : `${problemCount} filters are incomplete. Complete them or remove them, then apply.`}
          </Text>
        )}
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
