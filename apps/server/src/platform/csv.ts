import type { FieldDef } from '@cohort/domain';
import { type Column, SQL, sql } from 'drizzle-orm';

/**
 * RFC 4180 CSV cells, their rules written once for every way an export is made: in JavaScript
 * (`csvCell`), and in SQL over a column or an expression (`csvCellSql`), so a file is the same
 * text whichever writes it. Text that a spreadsheet would run as a formula (starting with
 * = + - @ tab or CR) gets a leading apostrophe; numbers stay numbers; instants are ISO 8601 in
 * UTC with milliseconds; an empty value is an empty cell. (Migration 0014's `csv_text_cell`
 * is the same rule for text as a database function; `csv.test.ts` keeps them equal.)
 */

/** The characters a formula starts with. */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Text starting like a formula (a regular expression for JavaScript). */
const STARTS_LIKE_FORMULA = new RegExp(`^[${FORMULA_START.map((c) => (c === '-' ? '\\-' : c)).join('')}]`);

/** The same as a POSIX bracket expression for PostgreSQL's regular expressions: `[-=+@\t\r]`. */
const FORMULA_BRACKET_SQL = `[-${FORMULA_START.filter((c) => c !== '-')
  .map((c) => (c === '\t' ? '\\t' : c === '\r' ? '\\r' : c))
  .join('')}]`;

/** Their character codes, for `ascii(v) in (…)`. */
const FORMULA_CODES_SQL = FORMULA_START.map((c) => c.charCodeAt(0)).join(', ');

export function csvCell(value: unknown): string {
  if (value == null) return '';
  let s =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value !== 'number' && typeof value !== 'bigint' && STARTS_LIKE_FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Text that `csvCell` writes as it is (before quoting): not empty, and not starting like a formula. */
function writtenAsItIs(text: string): boolean {
  return text !== '' && !STARTS_LIKE_FORMULA.test(text);
}

/** What a value is, as far as its cell's text goes; undefined for a type whose SQL text could differ from `csvCell`'s. */
type CellKind = 'text' | 'safe text' | 'day' | 'number' | 'boolean' | 'instant';

function cellKind(value: Column | SQL, field: FieldDef): CellKind | undefined {
  if (!(value instanceof SQL)) {
    const col = value as Column & { withTimezone?: boolean };
    switch (col.columnType) {
      case 'PgText':
      case 'PgVarchar':
        // An enum's stored values are its options (every write is checked against them): when
        // none is empty or starts like a formula, the column is written as it is.
        return field.type === 'enum' && field.options?.every((o) => writtenAsItIs(String(o.value)))
          ? 'safe text'
          : 'text';
      case 'PgDateString':
        return 'day';
      case 'PgInteger':
      case 'PgSerial':
      case 'PgSmallInt':
        return 'number';
      case 'PgBoolean':
        return 'boolean';
      case 'PgTimestamp':
        return col.withTimezone ? 'instant' : undefined;
      default:
        return undefined;
    }
  }
  switch (field.type) {
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'instant';
    case 'string':
    case 'email':
    case 'enum':
    case 'text':
      return 'text';
    default:
      return undefined;
  }
}

/** An instant as `Date.toISOString()` writes it. */
const isoSql = (v: Column | SQL) => sql`to_char((${v}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One cell of a field as SQL, exactly as `csvCell` writes the value the driver would return,
 * in one of two forms:
 * - `copy`: for `COPY … (FORMAT csv)`, whose quoting is RFC 4180's: the cell's text before
 *   quoting, NULL for an empty cell (COPY writes an empty string as `""`). Integers as they
 *   print, booleans as `true`/`false`;
 * - `line`: the whole cell, quoted where needed, for a line built in SQL (`… || ',' || …`):
 *   text through `csv_text_cell` (migration 0014), an empty cell as ''.
 * Undefined for a type whose text could differ (decimals, JSON...).
 */
export function csvCellSql(value: Column | SQL, field: FieldDef, form: 'copy' | 'line'): SQL | undefined {
  const kind = cellKind(value, field);
  if (!kind) return undefined;
  if (form === 'line') {
    switch (kind) {
      case 'text':
      case 'safe text':
      case 'day':
        return sql`csv_text_cell((${value})::text)`;
      case 'number':
      case 'boolean':
        return sql`coalesce((${value})::text, '')`;
      case 'instant':
        return sql`coalesce(${isoSql(value)}, '')`;
    }
  }
  switch (kind) {
    case 'text':
      // A column is cheap to name three times; an expression (a label's subquery) is read once.
      return value instanceof SQL
        ? sql`nullif(regexp_replace((${value})::text, ${sql.raw(`'^(${FORMULA_BRACKET_SQL})'`)}, '''\\1'), '')`
        : sql`nullif(case when ascii(${value}) in (${sql.raw(FORMULA_CODES_SQL)}) then '''' || ${value} else ${value} end, '')`;
    case 'safe text':
    case 'day':
      return sql`${value}`;
    case 'number':
      return value instanceof SQL ? sql`(${value})` : sql`${value}`;
    case 'boolean':
      return sql`(${value})::text`;
    case 'instant':
      return isoSql(value);
  }
}
