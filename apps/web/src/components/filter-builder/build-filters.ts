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
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) return undefined;
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

/** Rows -> the `filters` array the API takes; incomplete rows and unknown fields are dropped. */
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
