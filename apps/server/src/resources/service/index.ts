import type { ActionSpec, FieldDef, Filter, ParsedFilter } from '@cohort/domain';
import type { Column, SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { ParallelCopyOptions } from '../../platform/csv-copy';
import { assertFlowMoves } from '../../platform/flows';
import type { Sheet } from '../../platform/spreadsheet';
import type { ListQuery, ResourceBinding, Row } from './binding';
import { csvChunks, exportFields } from './export-csv';
import { filtersSql, type ParsedListQuery, parseListQuery } from './filters';
import { commitImport, type ImportPlan, planImport } from './import-rows';
import { type ListCache, listColumns, listPage, newListCache } from './list-query';
import { reorder } from './positions';
import { getRow, type ReferenceTarget, type ResourceShape, scopeSql, shapeOf, toRecord } from './shape';
import { actOn, assertWritable, createRow, removeRow, setColumn, updateRow } from './writes';

export type { AnyTable, DerivedField, ResourceBinding } from './binding';
export { escapeLike } from './filters';
export type { ImportPlan, PlannedRow } from './import-rows';
export type { ReferenceTarget } from './shape';

/**
 * The reads and writes of one resource, for the engine's routes and for modules alike:
 * row scopes, field permissions, reference labels, optimistic locking, dense positions,
 * and an audit entry per written row in the write's transaction. A façade over the files
 * beside it: `shape` (the table's selections), `filters` (a list's filters and sort),
 * `list-query` (pages and counts), `writes`, `moves` (flows), `positions`, `import-rows`,
 * `export-csv`.
 */
export class ResourceService {
  readonly shape: ResourceShape;
  readonly columns: Record<string, Column>;
  /** The fields a list may answer, in definition order (decision 021). */
  readonly listFieldNames: readonly string[];
  private readonly lists: ListCache = newListCache();

  constructor(
    readonly binding: ResourceBinding,
    /** Other resources' services, for the labels of reference fields. */
    resolve: (path: string) => ReferenceTarget | undefined,
  ) {
    this.shape = shapeOf(binding, resolve);
    this.columns = this.shape.columns;
    this.listFieldNames = this.shape.listFieldNames;
  }

  get def() {
    return this.binding.def;
  }

  get ordered(): boolean {
    return this.shape.ordered;
  }

  /** The fields a list answers for this actor (see `list-query.ts`). */
  listColumns(actor: Actor, columns?: string): string[] {
    return listColumns(this.shape, actor, columns);
  }

  /** The row scope of this actor, or undefined for all rows. */
  scopeSql(actor: Actor): SQL | undefined {
    return scopeSql(this.shape, actor);
  }

  /** A row as this actor may see it: hidden columns and fields their role may not read removed. */
  toRecord(row: Row, actor?: Actor): Row {
    return toRecord(this.shape, row, actor);
  }

  /** 400 naming every field of the input this actor's role may not set. */
  assertWritable(actor: Actor, input: Row): void {
    assertWritable(this.shape, actor, input);
  }

  /** The engine's SQL for validated filters over this resource (all must hold). */
  filterSql(filters: readonly ParsedFilter[]): SQL | undefined {
    return filtersSql(this.shape, filters);
  }

  /** A list query's filters, sort and order, checked like the engine's lists. */
  parseListQuery(actor: Actor, query: ListQuery, fixed: readonly Filter[] = []): ParsedListQuery {
    return parseListQuery(this.shape, actor, query, fixed);
  }

  /** A page of the list and its total. */
  list(
    db: Db,
    actor: Actor,
    query: ListQuery & { columns?: string },
    page: number,
    size: number,
    fixed: readonly Filter[] = [],
  ) {
    return listPage(this.shape, this.lists, db, actor, query, page, size, fixed);
  }

  /** One row in the actor's scope (404 outside it), with its reference labels. */
  get(db: Db | Tx, actor: Actor, id: number, lock = false): Promise<Row> {
    return getRow(this.shape, db, actor, id, lock);
  }

  create(db: Db, actor: Actor, input: Row) {
    return createRow(this.shape, db, actor, input);
  }

  update(
    db: Db,
    actor: Actor,
    id: number,
    input: Row & { version: number },
    /** The audit's action ('update' unless said): a revert names the entry it undoes. */
    auditAs?: { action: string; revertsAuditId?: number },
  ) {
    return updateRow(this.shape, db, actor, id, input, auditAs);
  }

  /** A declared action on one record (ActionSpec), one versioned update audited under its name. */
  act(db: Db, actor: Actor, id: number, action: ActionSpec, input: Row & { version?: number }) {
    return actOn(this.shape, db, actor, id, action, input);
  }

  /** 409 when a write moves a flow's field where the flow does not allow (decisions 018, 032). */
  assertMoves(before: Row, changes: Row, moving?: ReadonlySet<string>): void {
    assertFlowMoves(this.def.flows ?? [], before, changes, moving);
  }

  /** Sets one column outside the form (an uploaded image's URL), versioned and audited. */
  setColumn(db: Db, actor: Actor, id: number, column: string, value: unknown, action = 'update') {
    return setColumn(this.shape, db, actor, id, column, value, action);
  }

  remove(db: Db, actor: Actor, id: number): Promise<Row> {
    return removeRow(this.shape, db, actor, id);
  }

  /** Puts every row in the given order (positions 1..n); a stale list is a 409. */
  reorder(db: Db, actor: Actor, ids: number[]): Promise<{ id: number; position: number }[]> {
    return reorder(this.shape, db, actor, ids);
  }

  /** What an import of this sheet would do, row by row. */
  planImport(db: Db | Tx, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
    return planImport(this.shape, db, actor, sheet);
  }

  /** Adds the sheet's rows, all or nothing. */
  commitImport(db: Db, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
    return commitImport(this.shape, db, actor, sheet);
  }

  /** The fields an export writes, in order (decision 020). */
  exportFields(actor: Actor, columns?: string): FieldDef[] {
    return exportFields(this.shape, actor, columns);
  }

  /** All matching rows as CSV chunks, the header first. */
  csvChunks(
    db: Db,
    actor: Actor,
    query: ListQuery & { columns?: string },
    fixed: readonly Filter[] = [],
    parallel: ParallelCopyOptions = {},
  ): AsyncGenerator<string | Buffer> {
    return csvChunks(this.shape, db, actor, query, fixed, parallel);
  }
}
