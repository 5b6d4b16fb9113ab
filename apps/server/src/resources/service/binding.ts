import type { FilterIssue, ParsedFilter, ResourceDef } from '@cohort/domain';
import type { Column, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/access';

// biome-ignore lint/suspicious/noExplicitAny: the engine works over any table with an id column
export type AnyTable = PgTable & { id: Column<any> };

export type Row = Record<string, unknown>;

/** A list's query as the console sends it: filters as JSON, sort as `field` or `-field`. */
export type ListQuery = { filters?: string; sort?: string };

export type ResourceBinding = {
  def: ResourceDef;
  table: AnyTable;
  /** Entity name in the audit log. */
  entity: string;
  /** A condition every call on this resource applies (e.g. learners only). */
  baseWhere?: SQL;
  /**
   * The column naming the learner whose record a row is (a learner's own records): their audit
   * entries name that learner, for the learner's history (decision 015). Who sees which rows is
   * not declared here but in the domain's ROW_SCOPES, by the resource's permission (decision 034).
   */
  learnerColumn?: Column;
  /** Values the server adds on create (e.g. who created it). */
  onCreate?: (actor: Actor) => Record<string, unknown>;
  /** Columns never sent to the console. */
  hidden?: readonly string[];
  /** Runs in the transaction of every create and update, with the row as written (e.g. to keep a version history). */
  afterWrite?: (tx: Tx, actor: Actor, row: Row) => Promise<void>;
  /**
   * Rules over a whole row (e.g. two fields that come together): sees the row as it will be
   * written (on update the stored row with the changes) before anything is written; each
   * issue names a field, and any issue refuses the write with a 400.
   */
  check?: (row: Row) => readonly FilterIssue[];
  /**
   * Fields that are not columns of the table (an alias of another column, a count over a
   * child table): answered, filtered, sorted and paged like columns (decision 013).
   */
  derived?: Record<string, DerivedField>;
  /**
   * Actions whose changes are computed from the record as it is (adding points), by the
   * action's route path; other actions set the fields of their body.
   */
  compute?: Record<string, (before: Row, input: Row, actor: Actor) => Row>;
  /** Runs in the transaction of every delete, with the row as it was (e.g. to keep a figure on its learner exact). */
  afterRemove?: (tx: Tx, actor: Actor, before: Row) => Promise<void>;
  /**
   * The number of rows `baseWhere` selects, as a scalar SQL expression over something the
   * database keeps exact in every writing transaction (a counter kept by triggers): a list
   * with no filter and no row scope answers its `totalItems` from it (decision 016).
   */
  exactTotal?: SQL;
};

/** A field's value as SQL over the resource's row; `mapWith` it so answers decode like a column's. */
export type DerivedField = {
  sql: SQL;
  /** Never null (a count): its answer schema is not nullable. */
  notNull?: boolean;
  /** A cheaper condition for some filters (e.g. from an indexed column); undefined: compare `sql`. */
  filter?: (f: ParsedFilter) => SQL | undefined;
  /**
   * The rows of the resource that a filter does NOT keep, when they are far fewer than those it
   * keeps ("no submission in 7 days" is most learners): the count is then `exactTotal` minus
   * theirs, still exact (decision 016). Undefined: count the matches.
   */
  complement?: (f: ParsedFilter) => SQL | undefined;
};
