import { type FieldDef, type Filter, type FilterOperator, operatorsFor } from '@cohort/domain';
import dayjs from 'dayjs';

/** One row of the filter builder as typed: value as the input holds it. */
export type FilterRow = { id: string; field: string; operator: FilterOperator | ''; value: string };

let seq = 0;
export function newRowId(): string {
  seq += 1;
  return `f${seq}`;
}

export function emptyRow(fields: readonly FieldDef[]): FilterRow {
  const first = fields[0];
  return { id: newRowId(), field: first?.name ?? '', operator: first ? defaultOperator(first) : '', value: '' };
}

export function defaultOperator(field: FieldDef): FilterOperator {
  const ops = operatorsFor(field.type);
  return ops.includes('like') ? 'like' : (ops[0] ?? '=');
}

/** The API value of one row, or undefined when the row is incomplete or its value unusable. */
export function rowValue(field: FieldDef, raw: string): Filter['value'] | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  switch (field.type) {
    case 'integer':
    case 'number':
    // A reference is filtered by its record's id, a whole number.
    case 'reference': {
      const n = Number(value);
      if (!Number.isFinite(n) || (field.type !== 'number' && !Number.isInteger(n))) return undefined;
      return n;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'datetime': {
      const d = dayjs(value);
      return d.isValid() ? d.toDate().toISOString() : undefined;
    }
    case 'date': {
      const d = dayjs(value);
      return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
    }
    case 'enum':
      return field.options?.find((o) => String(o.value) === value)?.value;
    default:
      return value;
  }
}

/** What is missing or wrong in a row's value, said for the person typing it; undefined when usable. */
export function rowProblem(field: FieldDef, raw: string): string | undefined {
  if (rowValue(field, raw) !== undefined) return undefined;
  const empty = raw.trim() === '';
  switch (field.type) {
    case 'integer':
      return empty ? 'Enter a whole number' : 'Enter a whole number, like 42';
    case 'reference':
      return empty ? 'Enter the id' : 'Enter the id, a whole number like 42';
    case 'number':
      return empty ? 'Enter a number' : 'Enter a number, like 4.5';
    case 'date':
    case 'datetime':
      return empty ? 'Choose a date' : 'Choose a valid date';
    case 'enum':
    case 'boolean':
      return 'Choose a value';
    default:
      return 'Enter the text to look for';
  }
}

/**
 * Rows -> filters, with a problem per incomplete row (by row id). A row is never silently
 * dropped: the builder marks it and applies nothing until it is fixed or removed.
 */
export function checkRows(
  rows: readonly FilterRow[],
  fields: readonly FieldDef[],
): { filters: Filter[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const field = fields.find((f) => f.name === row.field);
    if (!field) {
      problems[row.id] = 'Choose a field';
      continue;
    }
    const problem = rowProblem(field, row.value);
    if (problem) problems[row.id] = problem;
  }
  return { filters: buildFilters(rows, fields), problems };
}

/** Rows -> the `filters` array the API takes; incomplete rows and unknown fields are left out. */
export function buildFilters(rows: readonly FilterRow[], fields: readonly FieldDef[]): Filter[] {
  const out: Filter[] = [];
  for (const row of rows) {
    const field = fields.find((f) => f.name === row.field);
    if (!field || !row.operator || !operatorsFor(field.type).includes(row.operator)) continue;
    const value = rowValue(field, row.value);
    if (value === undefined) continue;
    out.push({ field: field.name, operator: row.operator, value });
  }
  return out;
}

/** The `filters` query parameter: a JSON array, or undefined for none. */
export function filtersParam(filters: readonly Filter[]): string | undefined {
  return filters.length ? JSON.stringify(filters) : undefined;
}

/** Filters from the url back into editable rows. */
export function filtersToRows(filters: readonly Filter[], fields: readonly FieldDef[]): FilterRow[] {
  return filters
    .filter((f) => fields.some((d) => d.name === f.field))
    .map((f) => {
      const field = fields.find((d) => d.name === f.field) as FieldDef;
      let value = String(f.value);
      if (field.type === 'datetime' && typeof f.value === 'string') {
        const d = dayjs(f.value);
        value = d.isValid() ? d.format('YYYY-MM-DDTHH:mm') : '';
      }
      return { id: newRowId(), field: f.field, operator: f.operator, value };
    });
}
