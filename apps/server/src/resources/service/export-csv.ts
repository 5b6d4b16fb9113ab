import { canReadField, type FieldDef, type Filter, referenceLabelKey } from '@cohort/domain';
import { and, type Column, getTableName, gte, lte, SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { csvCellSql, csvRow } from '../../platform/csv';
import {
  boundaryKeySql,
  type CopyBoundary,
  copyCsv,
  copyCsvParallel,
  inlineParams,
  type ParallelCopyOptions,
  type ParallelCopyPlan,
  poolOf,
} from '../../platform/csv-copy';
import { badRequest } from '../../platform/errors';
import { openSnapshot } from '../../platform/snapshot';
import type { ListQuery, Row } from './binding';
import { type ListSort, parseListQuery } from './filters';
import { rowsAfter } from './keyset';
import { fieldSql, type ResourceShape } from './shape';

/**
 * The fields an export writes, in this order: those `columns` names (comma-separated; the
 * columns the screen shows), or without it every field an export may carry (not images or
 * JSON, not hidden columns). A name the resource does not export, or a field the reader's
 * role may not read, is a 400 naming it (decision 020).
 */
export function exportFields(shape: ResourceShape, actor: Actor, columns?: string): FieldDef[] {
  const { def, binding } = shape;
  const exportable = def.fields.filter(
    (f: FieldDef) => f.type !== 'image' && f.type !== 'json' && !binding.hidden?.includes(f.name),
  );
  if (columns === undefined) return exportable.filter((f) => canReadField(f, actor.role));
  const asked = [...new Set(columns.split(',').filter(Boolean))];
  const issues = asked.flatMap((name) => {
    const field = exportable.find((f) => f.name === name);
    if (!field) return [{ path: ['columns'], message: `${def.pluralLabel} have no column "${name}" to export` }];
    if (!canReadField(field, actor.role))
      return [{ path: ['columns'], message: `Your role cannot read ${field.label}` }];
    return [];
  });
  if (!asked.length) issues.push({ path: ['columns'], message: 'Choose at least one column' });
  if (issues.length) throw badRequest('Some columns cannot be exported', issues);
  return asked.map((name) => exportable.find((f) => f.name === name) as FieldDef);
}

/**
 * A reference writes its record's label under the field's label and, beside it, the id under
 * "<label> (id)" (decision 038): a spreadsheet can be read by a person and joined by a program.
 */
export function withIdColumns(fields: readonly FieldDef[]): FieldDef[] {
  return fields.flatMap((f) =>
    f.type === 'reference' ? [f, { name: f.name, label: idColumnLabel(f), type: 'integer' as const }] : [f],
  );
}
export const idColumnLabel = (f: Pick<FieldDef, 'label'>) => `${f.label} (id)`;

/** A field's cell as SQL (see `csvCellSql`): a reference writes its label, as text. */
function cellSql(shape: ResourceShape, f: FieldDef, form: 'copy' | 'line'): SQL | undefined {
  const value = f.type === 'reference' ? shape.labels[f.name] : fieldSql(shape, f.name);
  return value && csvCellSql(value, f.type === 'reference' ? { ...f, type: 'string' } : f, form);
}

/** A row's CSV line (cells, commas, CRLF) as SQL, or undefined if a field's text cannot be written in SQL. */
function csvLineSql(shape: ResourceShape, fields: readonly FieldDef[]): SQL | undefined {
  const cells: SQL[] = [];
  for (const f of fields) {
    const cell = cellSql(shape, f, 'line');
    if (!cell) return undefined;
    cells.push(cell);
  }
  return sql<string>`(${sql.join(cells, sql` || ',' || `)} || E'\r\n')`;
}

/**
 * The export for `COPY … (FORMAT csv)` on PostgreSQL, its values written into its text (COPY
 * takes no parameters), or undefined: on PGlite, or when a field's text cannot be written in
 * SQL exactly as `csvCell` writes it (decision 021). Sorted by id or by a column of the table
 * (an index reads a range of it), it comes with a plan to split it by ranges of the sort key
 * over several connections (decision 023); sorted by a computed value, one statement writes it.
 */
function copyExport(
  shape: ResourceShape,
  db: Db,
  fields: readonly FieldDef[],
  where: SQL | undefined,
  orderBy: SQL[],
  sort: ListSort,
): { pool: NonNullable<ReturnType<typeof poolOf>>; select: string; plan?: ParallelCopyPlan } | undefined {
  const pool = poolOf(db);
  if (!pool) return undefined;
  const cells: Record<string, SQL> = {};
  for (const [i, f] of fields.entries()) {
    const cell = cellSql(shape, f, 'copy');
    if (!cell) return undefined;
    cells[`c${i}`] = cell;
  }
  const t = shape.binding.table;
  const render = (condition: SQL | undefined) => {
    const query = db
      .select(cells)
      .from(t)
      .where(condition)
      .orderBy(...orderBy)
      .toSQL();
    return inlineParams(query.sql, query.params);
  };
  let select: string;
  try {
    select = render(where);
  } catch {
    return undefined; // a value with no literal form: the paged export writes it
  }
  // Split only along the id or a column that is never NULL: each part's range is then one an
  // index can read (a bound on a computed value, or NULLs in the key, would make every part
  // scan the whole table), and the keyset condition needs no NULL handling.
  const column = sort.column as Column | undefined;
  if (sort.column instanceof SQL || (column && !column.notNull)) return { pool, select };
  const key = column ?? (t.id as Column);
  const table = getTableName(t);
  // A boundary's key is read back from its exact text as its own type, so a timestamp's
  // microseconds survive (a JavaScript Date would round them to milliseconds). Beside the exact
  // keyset condition, a plain bound on the key lets the index read just the part's range.
  const literal = (b: CopyBoundary) => sql.raw(boundaryKeySql(b));
  const after = (b: CopyBoundary) => sql`(${rowsAfter(t.id, sort, b.id, literal(b))})`;
  const down = sort.dir === 'desc';
  const from = (b: CopyBoundary) =>
    column ? and(down ? lte(column, literal(b)) : gte(column, literal(b)), after(b)) : after(b);
  const upTo = (b: CopyBoundary) =>
    column ? and(down ? gte(column, literal(b)) : lte(column, literal(b)), sql`not ${after(b)}`) : sql`not ${after(b)}`;
  const plan: ParallelCopyPlan = {
    table,
    sample: (percent) => {
      const q = db
        .select({ k: sql`(${key})::text`.as('k'), t: sql`pg_typeof(${key})::text`.as('t'), id: t.id as PgColumn })
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .toSQL();
      const from = `from "${table}"`;
      if (!q.sql.includes(from)) throw new Error(`no ${from} in ${q.sql}`);
      return inlineParams(q.sql.replace(from, `${from} tablesample system (${percent})`), q.params);
    },
    part: (lower, upper) => render(and(where, lower ? from(lower) : undefined, upper ? upTo(upper) : undefined)),
  };
  return { pool, select, plan };
}

/**
 * All matching rows as CSV chunks: the header row with the first part, then the rest as it
 * comes. On PostgreSQL one COPY (or several over one snapshot) writes the file; otherwise it
 * is read in keyset pages, so memory stays flat at any size.
 */
export async function* csvChunks(
  shape: ResourceShape,
  db: Db,
  actor: Actor,
  query: ListQuery & { columns?: string },
  fixed: readonly Filter[] = [],
  parallel: ParallelCopyOptions = {},
): AsyncGenerator<string | Buffer> {
  const { where, orderBy, sort } = parseListQuery(shape, actor, query, fixed);
  const fields = withIdColumns(exportFields(shape, actor, query.columns));
  const columnOf = (f: FieldDef) => (f.type === 'reference' ? referenceLabelKey(f) : f.name);
  const t = shape.binding.table;
  // Each row's CSV line written by the database when every field's text can be (decision 016):
  // no row objects in Node, so pages can be larger; otherwise rows are written here.
  const line = csvLineSql(shape, fields);
  const CHUNK = line ? 10_000 : 2000;
  const selection: SelectedFields = line
    ? { line, id: t.id as PgColumn, ...(sort.column ? { [sort.field]: sort.column as PgColumn } : {}) }
    : shape.selection;
  let head = csvRow(fields.map((f) => f.label));
  // On PostgreSQL one COPY writes the whole file when every cell can be written in SQL
  // (decision 021): the same rows, order and text as the pages below, in one snapshot.
  const copy = copyExport(shape, db, fields, where, orderBy, sort);
  if (copy) {
    const rows = copy.plan ? copyCsvParallel(copy.pool, copy.plan, parallel) : copyCsv(copy.pool, copy.select);
    try {
      const first = await rows.next();
      yield first.done ? head : Buffer.concat([Buffer.from(head), first.value]);
      if (!first.done) yield* rows;
    } finally {
      await rows.return(undefined);
    }
    return;
  }
  // Keyset paging: each page starts after the last row of the one before, so the cost per page
  // stays flat at any depth (OFFSET would rescan everything before it) and a row written or
  // removed meanwhile never makes another one appear twice or go missing.
  // Every page reads one snapshot of the database (on PostgreSQL): the file is the data as
  // it was when the export began, however long it takes to stream.
  const snapshot = await openSnapshot(db);
  const pageAfter = (cursor: SQL | undefined) =>
    snapshot.db
      .select(selection)
      .from(t)
      .where(and(where, cursor))
      .orderBy(...orderBy)
      .limit(CHUNK) as Promise<Row[]>;
  let next: Promise<Row[]> | undefined;
  try {
    // A page query's estimated cost passes PostgreSQL's JIT threshold, and compiling its long
    // expression costs more than it saves (~0.3 s a page): off for this read only (local to
    // the snapshot's transaction; nothing on PGlite, which has no JIT).
    if (line) await snapshot.db.execute(sql`select set_config('jit', 'off', true)`);
    next = pageAfter(undefined);
    for (;;) {
      const page = await next;
      next = undefined;
      // The next page is read while this one is sent (on PostgreSQL the database works meanwhile).
      if (page.length === CHUNK) {
        const last = page[page.length - 1];
        next = pageAfter(rowsAfter(t.id, sort, last.id as number, sort.column ? last[sort.field] : undefined));
        next.catch(() => {}); // awaited below; a download given up on leaves it unread
      }
      yield head +
        (line
          ? page.map((r) => r.line as string).join('')
          : page.map((r) => csvRow(fields.map((f) => r[columnOf(f)]))).join(''));
      head = '';
      if (!next) return;
    }
  } finally {
    // A page still being read finishes before the snapshot's connection is given back.
    await next?.catch(() => {});
    await snapshot.release();
  }
}
