import {
  type ActionSpec,
  canReadField,
  canWriteField,
  checkMove,
  currentState,
  type FieldDef,
  type Filter,
  type FilterIssue,
  listFields,
  lowerLabel,
  type ParsedFilter,
  parseFilters,
  parseSort,
  type ResourceDef,
  type RowScope,
  referenceLabelKey,
  rowScope,
} from '@cohort/domain';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  Placeholder,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import type { Actor } from '../platform/access';
import { audit, declareLearnerOwned } from '../platform/audit';
import { csvRow } from '../platform/csv';
import {
  boundaryKeySql,
  type CopyBoundary,
  copyCsv,
  copyCsvParallel,
  inlineParams,
  type ParallelCopyOptions,
  type ParallelCopyPlan,
  poolOf,
} from '../platform/csv-copy';
import { AppError, badRequest, notFound, zodIssues } from '../platform/errors';
import { learnerColumnOf } from '../platform/row-scopes';
import { openSnapshot } from '../platform/snapshot';
import type { Sheet } from '../platform/spreadsheet';
import { updateVersioned } from '../platform/versioned-update';

// biome-ignore lint/suspicious/noExplicitAny: the engine works over any table with an id column
export type AnyTable = PgTable & { id: Column<any> };

export type ResourceBinding = {
  def: ResourceDef;
  table: AnyTable;
  /** Entity name in the audit log. */
  entity: string;
  /** A condition every call on this resource applies (e.g. learners only). */
  baseWhere?: SQL;
  /** Row scopes this table supports (see ROW_SCOPES in the domain package). */
  scopes?: Partial<Record<RowScope, (actor: Actor) => SQL>>;
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

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of a `like` filter: the text anywhere, its wildcards taken literally. */
const likePattern = (v: unknown) => `%${escapeLike(String(v))}%`;

function filterSql(value: Column | SQL, f: ParsedFilter): SQL {
  // A derived field's SQL compares like a column (drizzle's operators take both).
  const col = value as Column;
  const v = f.value;
  switch (f.operator) {
    case 'like':
      // A prepared list's placeholder stands for the pattern itself (see `likePattern`).
      return sql`${col} ILIKE ${is(v, Placeholder) ? v : likePattern(v)} ESCAPE '\\'`;
    case '=':
      return eq(col, v);
    case '!=':
      return ne(col, v);
    case '>':
      return gt(col, v);
    case '>=':
      return gte(col, v);
    case '<':
      return lt(col, v);
    case '<=':
      return lte(col, v);
  }
}

type Row = Record<string, unknown>;
type Query = { filters?: string; sort?: string };

/** Columns every table has and every answer carries. */
const BASE_COLUMNS = ['id', 'createdAt', 'updatedAt', 'version'] as const;

/** Prepared list shapes kept per resource and database; a shape past this runs unprepared. */
const MAX_STATEMENTS = 200;
/** Statement names are unique in the process (PostgreSQL keeps them per connection). */
let statementSeq = 0;
type PreparedList = { execute(values?: Record<string, unknown>): Promise<unknown[]> };

/**
 * The reads and writes of one resource, for the engine's routes and for modules alike:
 * row scopes, field permissions, reference labels, optimistic locking, dense positions,
 * and an audit entry per written row in the write's transaction.
 */
export class ResourceService {
  readonly columns: Record<string, Column>;
  private readonly selection: SelectedFields;
  /** Reference fields' labels as SQL (the correlated subqueries of the selection), by field name. */
  private readonly labels: Record<string, SQL> = {};
  /** What each field adds to a selection: its column, its derived SQL, its reference label. */
  private readonly parts: Record<string, SelectedFields> = {};
  /** The base columns every answer carries (id, timestamps, version). */
  private readonly base: SelectedFields = {};
  /** The fields a list may answer, in definition order (decision 021). */
  readonly listFieldNames: readonly string[];
  /** List selections by the fields they carry, built once (drizzle's selections are plain objects). */
  private readonly listSelections = new Map<string, SelectedFields>();
  /** Prepared list and count statements by database and shape (see `preparedList`). */
  private readonly statements = new WeakMap<Db, Map<string, { rows: PreparedList; count: PreparedList }>>();

  constructor(
    readonly binding: ResourceBinding,
    /** Other resources' services, for the labels of reference fields. */
    resolve: (path: string) => ResourceService | undefined,
  ) {
    this.columns = getTableColumns(binding.table) as Record<string, Column>;
    // A learner's own records: their audit entries name the learner, for the learner's history.
    const learnerColumn = learnerColumnOf(binding.scopes);
    const learnerKey = Object.keys(this.columns).find((k) => this.columns[k] === learnerColumn);
    if (learnerKey) declareLearnerOwned(binding.entity, learnerKey);
    const selection: SelectedFields = { ...(this.columns as Record<string, PgColumn>) };
    for (const field of binding.def.fields) {
      if (field.type !== 'reference' || !field.reference) continue;
      const target = resolve(field.reference.resource);
      const own = this.columns[field.name];
      const label = target?.columns[field.reference.labelField];
      if (!target || !own || !label) {
        throw new Error(
          `Resource ${binding.def.path}: reference ${field.name} -> ${field.reference.resource} is unknown`,
        );
      }
      // A correlated subquery: one label per row. The outer column is written with its table, so
      // a target with a column of the same name (a lead's `owner_id` beside the learner's) cannot
      // capture it; the target is aliased, so a table may name its own rows. A row with no
      // reference skips the subquery (an export of a million learners, most of them on no plan,
      // spent half its label time looking up nothing).
      const ref = sql.identifier(`${referenceLabelKey(field)}_ref`);
      const outer = sql`${sql.identifier(getTableName(binding.table))}.${sql.identifier(own.name)}`;
      this.labels[field.name] = sql<
        string | null
      >`(case when ${outer} is null then null else (select ${ref}.${sql.identifier(
        label.name,
      )} from ${target.binding.table} as ${ref} where ${ref}.${sql.identifier(
        target.binding.table.id.name,
      )} = ${outer}) end)`;
      selection[referenceLabelKey(field)] = this.labels[field.name].as(referenceLabelKey(field));
    }
    for (const [name, d] of Object.entries(binding.derived ?? {})) selection[name] = d.sql.as(name);
    this.selection = selection;
    const hidden = new Set(binding.hidden ?? []);
    for (const name of BASE_COLUMNS) if (this.columns[name] && !hidden.has(name)) this.base[name] = selection[name];
    for (const field of binding.def.fields) {
      if (!(field.name in selection) || hidden.has(field.name)) continue;
      const part: SelectedFields = { [field.name]: selection[field.name] };
      if (field.type === 'reference') part[referenceLabelKey(field)] = selection[referenceLabelKey(field)];
      this.parts[field.name] = part;
    }
    this.listFieldNames = listFields(binding.def.fields)
      .map((f) => f.name)
      .filter((name) => name in this.parts);
  }

  /**
   * The fields a list answers for this actor: those `columns` names (the screen's columns) and
   * the title field, or without it every field a list carries; never one their role may not
   * read. A name the list does not carry is a 400 (decision 021).
   */
  listColumns(actor: Actor, columns?: string): string[] {
    const readable = this.listFieldNames.filter((name) => {
      const field = this.def.fields.find((f) => f.name === name);
      return field && canReadField(field, actor.role);
    });
    if (columns === undefined) return readable;
    const asked = columns.split(',').filter(Boolean);
    const unknown = [...new Set(asked.filter((name) => !readable.includes(name)))];
    if (unknown.length) {
      throw badRequest(
        'Some columns are not in this list',
        unknown.map((name) => ({ path: ['columns'], message: `This list has no column "${name}"` })),
      );
    }
    const keep = new Set([...asked, this.def.titleField]);
    return readable.filter((name) => keep.has(name));
  }

  /** The selection of a list that answers these fields (and the base columns). */
  private listSelection(names: readonly string[]): SelectedFields {
    const key = names.join(',');
    let selection = this.listSelections.get(key);
    if (!selection) {
      selection = Object.assign({}, this.base, ...names.map((name) => this.parts[name]));
      // Bounded: a key is a subset of the declared fields, but there can be many subsets.
      if (this.listSelections.size < 500) this.listSelections.set(key, selection as SelectedFields);
    }
    return selection as SelectedFields;
  }

  /** The SQL of a field: its column, or its derived expression. */
  private valueOf(name: string): Column | SQL | undefined {
    return this.columns[name] ?? this.binding.derived?.[name]?.sql;
  }

  get def() {
    return this.binding.def;
  }

  get ordered(): boolean {
    return 'position' in this.columns;
  }

  /** The row scope of this actor, or undefined for all rows. A scope the table cannot express shows nothing. */
  scopeSql(actor: Actor): SQL | undefined {
    const scope = rowScope(actor.role, this.def.permission);
    if (!scope) return this.binding.baseWhere;
    const build = this.binding.scopes?.[scope];
    return and(this.binding.baseWhere, build ? build(actor) : sql`false`);
  }

  /** A row as this actor may see it: hidden columns and fields their role may not read removed. */
  toRecord(row: Row, actor?: Actor): Row {
    const out = { ...row };
    for (const h of this.binding.hidden ?? []) delete out[h];
    if (actor) {
      for (const f of this.def.fields) if (!canReadField(f, actor.role)) delete out[f.name];
    }
    return out;
  }

  /** 400 naming every field of the input this actor's role may not set. */
  assertWritable(actor: Actor, input: Row): void {
    const refused = this.def.fields.filter((f) => f.name in input && !canWriteField(f, actor.role));
    if (refused.length) {
      throw badRequest(
        'Your role cannot change some of these fields',
        refused.map((f) => ({ path: [f.name], message: `Your role cannot change ${f.label}` })),
      );
    }
  }

  /** 400 with the binding's `check` issues for the row as it will be written. */
  private assertValidRow(row: Row): void {
    const issues = this.binding.check?.(row) ?? [];
    if (issues.length) throw badRequest(`This ${lowerLabel(this.def.label)} is not valid`, [...issues]);
  }

  /**
   * The engine's SQL for validated filters over this resource's columns (all must hold);
   * undefined when there are none. Lists use it, and so do modules that evaluate stored
   * filters (a user type's conditions over a learner).
   */
  filterSql(filters: readonly ParsedFilter[]): SQL | undefined {
    return and(
      ...filters.map((f) => {
        const derived = this.binding.derived?.[f.field.name];
        if (derived) return derived.filter?.(f) ?? filterSql(derived.sql, f);
        const col = this.columns[f.field.name];
        if (!col) throw new Error(`field ${f.field.name} has no column`);
        return filterSql(col, f);
      }),
    );
  }

  private toColumnValues(input: Row): Row {
    const out: Row = {};
    for (const [k, v] of Object.entries(input)) {
      if (k === 'version' || k === 'id') continue;
      const field = this.def.fields.find((f) => f.name === k);
      out[k] = field?.type === 'datetime' && typeof v === 'string' ? new Date(v) : v === '' ? null : v;
    }
    return out;
  }

  /**
   * A list query's filters, sort and order. `fixed` filters come from the route (a list that
   * always shows placed learners, a batch named in the query) and are checked like the others.
   */
  parseListQuery(actor: Actor, query: Query, fixed: readonly Filter[] = []) {
    let raw: unknown = [];
    if (query.filters) {
      try {
        raw = JSON.parse(query.filters);
      } catch {
        throw badRequest('The filters in this link are not readable', [
          { path: ['filters'], message: 'Filters must be a JSON list of { field, operator, value }' },
        ]);
      }
    }
    const parsed = parseFilters(this.def, Array.isArray(raw) && fixed.length ? [...raw, ...fixed] : raw, actor.role);
    if (!parsed.ok) {
      throw badRequest(
        'Some filters are not valid',
        parsed.issues.map((i) => ({ path: ['filters', ...i.path], message: i.message })),
      );
    }
    const unreadable = parsed.filters.find((f) => !canReadField(f.field, actor.role));
    if (unreadable) {
      throw badRequest('Some filters are not valid', [
        { path: ['filters'], message: `Unknown filter field "${unreadable.field.name}"` },
      ]);
    }
    const sort = parseSort(this.def, query.sort);
    if (!sort.ok) throw badRequest(sort.message, [{ path: ['sort'], message: sort.message }]);
    const where = and(this.scopeSql(actor), this.filterSql(parsed.filters));
    const sortCol = this.valueOf(sort.field);
    if (!sortCol) throw new Error(`sort field ${sort.field} has no column`);
    const dir = sort.dir === 'asc' ? asc : desc;
    const orderBy = sort.field === 'id' ? [dir(this.binding.table.id)] : [dir(sortCol), dir(this.binding.table.id)];
    return {
      where,
      orderBy,
      sort: { column: sort.field === 'id' ? undefined : sortCol, field: sort.field, dir: sort.dir },
      filters: parsed.filters,
      /** A row scope narrows this actor's rows beyond `baseWhere`. */
      scoped: rowScope(actor.role, this.def.permission) !== undefined,
    };
  }

  /**
   * The exact number of rows a list matches. `count(*)` reads every matching index entry
   * (40-60 ms at a million rows), so where the binding keeps an exact total: no filter reads
   * it; one filter whose complement is small counts the complement and subtracts (decision 016).
   * Both read the statement's snapshot, so the answer is as exact as `count(*)`.
   */
  private async count(db: Db, where: SQL | undefined, filters: readonly ParsedFilter[], scoped: boolean) {
    const [row] = await this.countQuery(db, where, filters, scoped);
    return row.count;
  }

  /** The query `count` runs (a builder: awaited, or prepared once for a prepared list). */
  private countQuery(db: Db, where: SQL | undefined, filters: readonly ParsedFilter[], scoped: boolean) {
    const total = this.binding.exactTotal;
    const t = this.binding.table;
    let fast: SQL | undefined;
    if (total && !scoped && filters.length === 0) fast = sql`coalesce(${total}, 0)`;
    if (total && !scoped && filters.length === 1) {
      const complement = this.binding.derived?.[filters[0].field.name]?.complement?.(filters[0]);
      if (complement) {
        fast = sql`coalesce(${total}, 0) - (select count(*) from ${t} where ${and(this.binding.baseWhere, complement)})`;
      }
    }
    if (fast)
      return db
        .select({ count: sql<number>`(${fast})::int` })
        .from(sql`(select 1) as one`)
        .$dynamic();
    return db.select({ count: sql<number>`count(*)::int` }).from(t).where(where).$dynamic();
  }

  /**
   * The list's two queries as prepared statements, built once per shape (the fields answered,
   * each filter's field and operator, the sort) and run with this request's values: drizzle
   * does not rebuild a ~60-column query on every request, and PostgreSQL parses and plans it
   * once per connection (decision 021). A filter whose SQL depends on its value (a window count
   * answered from the last submission) is part of the shape with its value. Lists narrowed by a
   * row scope (whose SQL names the reader) are not prepared.
   */
  private preparedList(db: Db, names: readonly string[], q: ReturnType<ResourceService['parseListQuery']>) {
    if (q.scoped) return undefined;
    const byValue = (f: ParsedFilter) => Boolean(this.binding.derived?.[f.field.name]?.filter);
    const key = [
      names.join(','),
      q.sort.field,
      q.sort.dir,
      ...q.filters.map((f) => `${f.field.name} ${f.operator}${byValue(f) ? ` ${JSON.stringify(f.value)}` : ''}`),
    ].join('|');
    const values: Record<string, unknown> = {};
    q.filters.forEach((f, i) => {
      if (!byValue(f)) values[`f${i}`] = f.operator === 'like' ? likePattern(f.value) : f.value;
    });
    const statements = this.statements.get(db) ?? new Map();
    this.statements.set(db, statements);
    let hit = statements.get(key);
    if (!hit) {
      if (statements.size >= MAX_STATEMENTS) return undefined; // a shape past the bound runs as built
      const bound = q.filters.map((f, i) =>
        byValue(f) ? f : { ...f, value: sql.placeholder(`f${i}`) as unknown as ParsedFilter['value'] },
      );
      const where = and(this.binding.baseWhere, this.filterSql(bound));
      hit = {
        rows: db
          .select(this.listSelection(names))
          .from(this.binding.table)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`list_${++statementSeq}`),
        count: this.countQuery(db, where, bound, false).prepare(`count_${++statementSeq}`),
      };
      statements.set(key, hit);
    }
    return { ...hit, values };
  }

  /**
   * The rows after (value, id) in the list's order, for keyset paging: PostgreSQL sorts NULLs
   * last ascending and first descending, and the id breaks ties, so every row comes once.
   */
  private after(sort: { column?: Column | SQL; dir: 'asc' | 'desc' }, last: Row, lastValue: unknown): SQL | undefined {
    const id = this.binding.table.id;
    const lastId = last.id as number;
    const beyondId = sort.dir === 'asc' ? gt(id, lastId) : lt(id, lastId);
    // A derived field's SQL compares like a column (drizzle's operators take both).
    const col = sort.column as Column | undefined;
    if (!col) return beyondId;
    if (sort.dir === 'asc') {
      return lastValue === null || lastValue === undefined
        ? and(isNull(col), beyondId)
        : or(gt(col, lastValue), and(eq(col, lastValue), beyondId), isNull(col));
    }
    return lastValue === null || lastValue === undefined
      ? or(and(isNull(col), beyondId), isNotNull(col))
      : or(lt(col, lastValue), and(eq(col, lastValue), beyondId));
  }

  /**
   * A page of the list: only the fields the list answers are read, so a long text is never
   * fetched for a list and a derived count is computed only when it is shown (it still filters
   * and sorts in the WHERE and ORDER BY when asked to).
   */
  async list(
    db: Db,
    actor: Actor,
    query: Query & { columns?: string },
    page: number,
    size: number,
    fixed: readonly Filter[] = [],
  ) {
    const names = this.listColumns(actor, query.columns);
    const parsed = this.parseListQuery(actor, query, fixed);
    const prepared = this.preparedList(db, names, parsed);
    if (prepared) {
      // The page and the count at once (on PostgreSQL two pooled connections; PGlite queues them).
      const [rows, counted] = await Promise.all([
        prepared.rows.execute({ ...prepared.values, limit: size, offset: (page - 1) * size }),
        prepared.count.execute(prepared.values),
      ]);
      return {
        data: (rows as Row[]).map((r) => this.toRecord(r, actor)),
        totalItems: (counted as { count: number }[])[0].count,
      };
    }
    const { where, orderBy, filters, scoped } = parsed;
    const t = this.binding.table;
    const rows = await db
      .select(this.listSelection(names))
      .from(t)
      .where(where)
      .orderBy(...orderBy)
      .limit(size)
      .offset((page - 1) * size);
    const count = await this.count(db, where, filters, scoped);
    return { data: rows.map((r) => this.toRecord(r as Row, actor)), totalItems: count };
  }

  /** One row in the actor's scope (404 outside it), with its reference labels. */
  async get(db: Db | Tx, actor: Actor, id: number, lock = false): Promise<Row> {
    const q = db
      .select(lock ? (this.columns as Record<string, PgColumn>) : this.selection)
      .from(this.binding.table)
      .where(and(eq(this.binding.table.id, id), this.scopeSql(actor)))
      .limit(1);
    const rows = lock ? await q.for('update') : await q;
    const row = rows[0] as Row | undefined;
    if (!row) throw notFound(this.def.label);
    return row;
  }

  /**
   * A write may not put a row outside the writer's own scope (a college admin adding a record
   * for another college): checked in the write's transaction, so such a write is undone.
   */
  private async assertInScope(tx: Tx, actor: Actor, id: number): Promise<void> {
    const scope = this.scopeSql(actor);
    if (!scope) return;
    const [inside] = await tx
      .select({ id: this.binding.table.id as PgColumn })
      .from(this.binding.table)
      .where(and(eq(this.binding.table.id, id), scope));
    // 400, not 403: the console ends the session on a 403 (spec §8), and this is a wrong value, not a wrong role.
    if (!inside)
      throw badRequest('You can only add or change records within your own scope (your college, learners or batches)');
  }

  /** Serialises writes that renumber positions (creates, deletes and reorders of this table). */
  private async lockPositions(tx: Tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`positions:${this.binding.entity}`}))`);
  }

  async create(db: Db, actor: Actor, input: Row) {
    this.assertWritable(actor, input);
    const values: Row = { ...this.toColumnValues(input), ...this.binding.onCreate?.(actor) };
    this.assertValidRow(values);
    const row = await db.transaction(async (tx) => {
      if (this.ordered) {
        await this.lockPositions(tx);
        const t = this.binding.table as AnyTable & { position: Column };
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${t.position}), 0)::int + 1` })
          .from(t)
          .where(this.binding.baseWhere);
        values.position = next;
      }
      const [created] = await tx.insert(this.binding.table).values(values).returning();
      await this.assertInScope(tx, actor, created.id as number);
      await this.binding.afterWrite?.(tx, actor, created as Row);
      await audit(tx, actor, {
        action: 'create',
        entity: this.binding.entity,
        entityId: created.id as number,
        after: this.toRecord(created),
      });
      return created as Row;
    });
    return this.toRecord(await this.get(db, actor, row.id as number), actor);
  }

  async update(
    db: Db,
    actor: Actor,
    id: number,
    input: Row & { version: number },
    /** The audit's action ('update' unless said): a revert names the entry it undoes. */
    auditAs?: { action: string; revertsAuditId?: number },
  ) {
    this.assertWritable(actor, input);
    await db.transaction(async (tx) => {
      const before = (await this.get(tx, actor, id, true)) as Row & { id: number; version: number };
      const changes = this.toColumnValues(input);
      this.assertValidRow({ ...before, ...changes });
      this.assertMoves(before, changes);
      const after = await updateVersioned(tx, actor, {
        table: this.binding.table as AnyTable & { version: Column },
        entity: this.binding.entity,
        before,
        version: input.version,
        changes,
        snapshot: (row) => this.toRecord(row),
        audit: auditAs,
      });
      await this.assertInScope(tx, actor, id);
      await this.binding.afterWrite?.(tx, actor, after);
    });
    return this.toRecord(await this.get(db, actor, id), actor);
  }

  /**
   * A declared action on one record (ActionSpec): the fields of its body (or what the binding
   * computes from the locked row) and the values it always sets, written as one versioned
   * update audited under the action's name, inside the actor's row scope. An action that is
   * not versioned applies to the record as it is now.
   */
  async act(db: Db, actor: Actor, id: number, action: ActionSpec, input: Row & { version?: number }) {
    const idField = action.idField ?? 'id';
    const fields: Row = {};
    for (const [k, v] of Object.entries(input)) if (k !== idField && k !== 'version') fields[k] = v;
    await db.transaction(async (tx) => {
      const before = (await this.get(tx, actor, id, true)) as Row & { id: number; version: number };
      // A move the flow refuses is answered as such before the input is looked at further.
      this.assertMoves(before, { ...fields, ...action.sets }, new Set(Object.keys(fields)));
      const computed = this.binding.compute?.[action.route.path];
      const changes = { ...(computed ? computed(before, fields, actor) : fields), ...action.sets };
      this.assertWritable(actor, changes);
      this.assertValidRow({ ...before, ...changes });
      this.assertMoves(before, changes);
      const after = await updateVersioned(tx, actor, {
        table: this.binding.table as AnyTable & { version: Column },
        entity: this.binding.entity,
        before,
        version: action.versioned === false ? before.version : (input.version as number),
        changes: this.toColumnValues(changes),
        snapshot: (row) => this.toRecord(row),
        audit: { action: action.name },
      });
      await this.assertInScope(tx, actor, id);
      await this.binding.afterWrite?.(tx, actor, after);
    });
    return this.toRecord(await this.get(db, actor, id), actor);
  }

  /**
   * Every flow of the resource whose field the write changes must allow the move from the
   * locked row's state (and its guard must hold): otherwise 409 naming the allowed moves, and
   * the transaction writes nothing (decision 018). A write that leaves the state as it is
   * (a deposit extended while still Pending, an edit that resends the status) is no move;
   * a call whose input names the state (`moving`) asks for a move, and staying is refused.
   */
  assertMoves(before: Row, changes: Row, moving: ReadonlySet<string> = new Set()): void {
    for (const machine of this.def.machines ?? []) {
      if (!(machine.field in changes)) continue;
      // Staying put is no move, except for a call whose input names the state it moves to.
      if (changes[machine.field] === before[machine.field] && !moving.has(machine.field)) continue;
      const move = checkMove(machine, before, String(changes[machine.field]));
      if (!move.ok) {
        throw new AppError(409, 'CONFLICT', move.reason, undefined, undefined, {
          state: currentState(machine, before[machine.field]),
          allowed: [...move.allowed],
        });
      }
    }
  }

  /** Sets one column outside the form (an uploaded image's URL), versioned and audited. */
  async setColumn(db: Db, actor: Actor, id: number, column: string, value: unknown, action = 'update') {
    const before = await db.transaction(async (tx) => {
      const row = await this.get(tx, actor, id, true);
      const t = this.binding.table as AnyTable & { version: Column };
      await tx
        .update(t)
        .set({ [column]: value, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(eq(t.id, id));
      await audit(tx, actor, {
        action,
        entity: this.binding.entity,
        entityId: id,
        before: { [column]: row[column] },
        after: { [column]: value },
      });
      return row;
    });
    return { before, after: this.toRecord(await this.get(db, actor, id), actor) };
  }

  async remove(db: Db, actor: Actor, id: number): Promise<Row> {
    return db.transaction(async (tx) => {
      if (this.ordered) await this.lockPositions(tx);
      const before = await this.get(tx, actor, id, true);
      await tx.delete(this.binding.table).where(eq(this.binding.table.id, id));
      if (this.ordered) {
        // Positions stay dense: everything after the gap moves up one.
        const t = this.binding.table as AnyTable & { position: Column };
        await tx
          .update(t)
          .set({ position: sql`${t.position} - 1` })
          .where(and(this.binding.baseWhere, gt(t.position, before.position as number)));
      }
      await this.binding.afterRemove?.(tx, actor, before);
      await audit(tx, actor, {
        action: 'delete',
        entity: this.binding.entity,
        entityId: id,
        before: this.toRecord(before),
      });
      return before;
    });
  }

  /**
   * Puts every row of the resource in the given order (positions 1..n), in one transaction.
   * The list must name exactly the rows there are: a list made before someone added or
   * removed one is stale (409), and nothing moves. Each moved row is audited.
   */
  async reorder(db: Db, actor: Actor, ids: number[]): Promise<{ id: number; position: number }[]> {
    if (new Set(ids).size !== ids.length) {
      throw badRequest('Each record may appear once', [{ path: ['ids'], message: 'The list repeats a record' }]);
    }
    return db.transaction(async (tx) => {
      await this.lockPositions(tx);
      const t = this.binding.table as AnyTable & { position: PgColumn };
      const current = (await tx
        .select({ id: t.id as PgColumn, position: t.position })
        .from(t)
        .where(this.scopeSql(actor))
        .orderBy(asc(t.position))) as { id: number; position: number }[];
      const known = new Set(current.map((r) => r.id));
      if (current.length !== ids.length || ids.some((id) => !known.has(id))) {
        throw new AppError(409, 'CONFLICT', 'The list changed since you opened it. Reload it and try again.');
      }
      const was = new Map(current.map((r) => [r.id, r.position]));
      const moved = ids.map((id, i) => ({ id, position: i + 1 })).filter((r) => was.get(r.id) !== r.position);
      for (const r of moved) {
        await tx.update(t).set({ position: r.position, updatedAt: new Date() }).where(eq(t.id, r.id));
      }
      await audit(
        tx,
        actor,
        moved.map((r) => ({
          action: 'reorder',
          entity: this.binding.entity,
          entityId: r.id,
          before: { position: was.get(r.id) },
          after: { position: r.position },
        })),
      );
      return ids.map((id, i) => ({ id, position: i + 1 }));
    });
  }

  /**
   * A spreadsheet checked row by row against the create schema: which rows would be added,
   * which are already there (the definition's `importKey`, also within the file), which are
   * refused and why. Columns are matched to form fields by name or label.
   */
  async planImport(db: Db | Tx, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
    const key = this.def.importKey ?? [];
    const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
    const fields = this.def.fields.filter((f) => f.form && canWriteField(f, actor.role));
    const byHeader = sheet.headers.map((h) =>
      fields.find((f) => norm(f.name) === norm(h) || norm(f.label) === norm(h)),
    );
    const ignoredColumns = sheet.headers.filter((h, i) => h && !byHeader[i]);
    const keyOf = (v: Row) =>
      key
        .map((k) =>
          String(v[k] ?? '')
            .trim()
            .toLowerCase(),
        )
        .join('\u0001');
    const existing = new Set<string>();
    if (key.length) {
      const cols = Object.fromEntries(key.map((k) => [k, this.columns[k] as PgColumn]));
      const rows = await db.select(cols).from(this.binding.table).where(this.scopeSql(actor));
      for (const r of rows) existing.add(keyOf(r as Row));
    }
    const seen = new Set<string>();
    const planned: PlannedRow[] = sheet.rows.map((cells, i) => {
      const input: Row = {};
      byHeader.forEach((field, c) => {
        if (!field) return;
        const value = importValue(field, cells[c] ?? '');
        if (value !== undefined) input[field.name] = value;
      });
      const row = i + 2; // as a spreadsheet numbers it: the header is row 1
      const title = input[this.def.titleField] === undefined ? undefined : String(input[this.def.titleField]);
      const parsed = this.def.createSchema.safeParse(input);
      if (!parsed.success) {
        return { row, title, status: 'error' as const, issues: zodIssues(parsed.error) };
      }
      const rowIssues = this.binding.check?.(this.toColumnValues(parsed.data as Row)) ?? [];
      if (rowIssues.length) return { row, title, status: 'error' as const, issues: [...rowIssues] };
      const k = keyOf(parsed.data as Row);
      if (key.length && (existing.has(k) || seen.has(k))) return { row, title, status: 'skip' as const };
      seen.add(k);
      return { row, title, status: 'add' as const, values: parsed.data as Row };
    });
    return { rows: planned, ignoredColumns };
  }

  /**
   * Adds the planned rows in one transaction, all or nothing: any refused row and nothing is
   * written (400 naming each row and field). Imports of one resource are serialised and the
   * plan is made again inside the transaction, so a retry or a concurrent upload of the same
   * file adds nothing twice. Each added row is audited.
   */
  async commitImport(db: Db, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${this.binding.entity}`}))`);
      const plan = await this.planImport(tx, actor, sheet);
      const refused = plan.rows.filter((r) => r.status === 'error');
      if (refused.length) {
        throw badRequest(
          `Nothing was added: ${refused.length} row(s) are refused. Correct them and upload the file again.`,
          refused.flatMap((r) =>
            (r.issues ?? []).map((i) => ({ path: ['rows', r.row, ...i.path], message: i.message })),
          ),
        );
      }
      let position: number | undefined;
      if (this.ordered) {
        await this.lockPositions(tx);
        const t = this.binding.table as AnyTable & { position: Column };
        const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${t.position}), 0)::int + 1` }).from(t);
        position = next;
      }
      for (const r of plan.rows) {
        if (r.status !== 'add' || !r.values) continue;
        const values: Row = { ...this.toColumnValues(r.values), ...this.binding.onCreate?.(actor) };
        if (position !== undefined) values.position = position++;
        const [created] = await tx.insert(this.binding.table).values(values).returning();
        await this.assertInScope(tx, actor, created.id as number);
        await audit(tx, actor, {
          action: 'import',
          entity: this.binding.entity,
          entityId: created.id as number,
          after: this.toRecord(created),
        });
        r.status = 'added';
      }
      return plan;
    });
  }

  /**
   * The export for `COPY … (FORMAT csv)` on PostgreSQL, its values written into its text (COPY
   * takes no parameters), or undefined: on PGlite, or when a field's text cannot be written in
   * SQL exactly as `csvCell` writes it (decision 021). Sorted by id or by a column of the table
   * (an index reads a range of it), it comes with a plan to split it by ranges of the sort key
   * over several connections (decision 023); sorted by a computed value, one statement writes it.
   */
  private copyExport(
    db: Db,
    fields: readonly FieldDef[],
    where: SQL | undefined,
    orderBy: SQL[],
    sort: { column?: Column | SQL; dir: 'asc' | 'desc' },
  ): { pool: NonNullable<ReturnType<typeof poolOf>>; select: string; plan?: ParallelCopyPlan } | undefined {
    const pool = poolOf(db);
    if (!pool) return undefined;
    const cells: Record<string, SQL> = {};
    for (const [i, f] of fields.entries()) {
      const value = f.type === 'reference' ? this.labels[f.name] : this.valueOf(f.name);
      const cell = value && copyCellSql(value, f.type === 'reference' ? { ...f, type: 'string' } : f);
      if (!cell) return undefined;
      cells[`c${i}`] = cell;
    }
    const t = this.binding.table;
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
    const after = (b: CopyBoundary) => sql`(${this.after(sort, { id: b.id }, literal(b))})`;
    const down = sort.dir === 'desc';
    const from = (b: CopyBoundary) =>
      column ? and(down ? lte(column, literal(b)) : gte(column, literal(b)), after(b)) : after(b);
    const upTo = (b: CopyBoundary) =>
      column
        ? and(down ? gte(column, literal(b)) : lte(column, literal(b)), sql`not ${after(b)}`)
        : sql`not ${after(b)}`;
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

  /** A row's CSV line (cells, commas, CRLF) as SQL, or undefined if a field's text cannot be written in SQL. */
  private csvLineSql(fields: readonly FieldDef[]): SQL | undefined {
    const cells: SQL[] = [];
    for (const f of fields) {
      const value = f.type === 'reference' ? this.labels[f.name] : this.valueOf(f.name);
      const cell = value && csvCellSql(value, f.type === 'reference' ? { ...f, type: 'string' } : f);
      if (!cell) return undefined;
      cells.push(cell);
    }
    return sql<string>`(${sql.join(cells, sql` || ',' || `)} || E'\r\n')`;
  }

  /**
   * The fields an export writes, in this order: those `columns` names (comma-separated; the
   * columns the screen shows), or without it every field an export may carry (not images or
   * JSON, not hidden columns). A name the resource does not export, or a field the reader's
   * role may not read, is a 400 naming it (decision 020).
   */
  exportFields(actor: Actor, columns?: string): FieldDef[] {
    const exportable = this.def.fields.filter(
      (f: FieldDef) => f.type !== 'image' && f.type !== 'json' && !this.binding.hidden?.includes(f.name),
    );
    if (columns === undefined) return exportable.filter((f) => canReadField(f, actor.role));
    const asked = [...new Set(columns.split(',').filter(Boolean))];
    const issues = asked.flatMap((name) => {
      const field = exportable.find((f) => f.name === name);
      if (!field) return [{ path: ['columns'], message: `${this.def.pluralLabel} have no column "${name}" to export` }];
      if (!canReadField(field, actor.role))
        return [{ path: ['columns'], message: `Your role cannot read ${field.label}` }];
      return [];
    });
    if (!asked.length) issues.push({ path: ['columns'], message: 'Choose at least one column' });
    if (issues.length) throw badRequest('Some columns cannot be exported', issues);
    return asked.map((name) => exportable.find((f) => f.name === name) as FieldDef);
  }

  /**
   * All matching rows as CSV chunks: the header row with the first page, then one chunk a
   * page, read in pages so memory stays flat at any size.
   */
  async *csvChunks(
    db: Db,
    actor: Actor,
    query: Query & { columns?: string },
    fixed: readonly Filter[] = [],
    parallel: ParallelCopyOptions = {},
  ): AsyncGenerator<string | Buffer> {
    const { where, orderBy, sort } = this.parseListQuery(actor, query, fixed);
    const fields = this.exportFields(actor, query.columns);
    const columnOf = (f: FieldDef) => (f.type === 'reference' ? referenceLabelKey(f) : f.name);
    const t = this.binding.table;
    // Each row's CSV line written by the database when every field's text can be (decision 016):
    // no row objects in Node, so pages can be larger; otherwise rows are written here.
    const line = this.csvLineSql(fields);
    const CHUNK = line ? 10_000 : 2000;
    const selection: SelectedFields = line
      ? { line, id: t.id as PgColumn, ...(sort.column ? { [sort.field]: sort.column as PgColumn } : {}) }
      : this.selection;
    let head = csvRow(fields.map((f) => f.label));
    // On PostgreSQL one COPY writes the whole file when every cell can be written in SQL
    // (decision 021): the same rows, order and text as the pages below, in one snapshot.
    const copy = this.copyExport(db, fields, where, orderBy, sort);
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
          next = pageAfter(this.after(sort, last, sort.column ? last[sort.field] : undefined));
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
}

/**
 * One cell for `COPY … (FORMAT csv)`, whose quoting is RFC 4180's: the value's text exactly as
 * `csvCell` writes it, before quoting. Text that a spreadsheet would run as a formula gets its
 * apostrophe; an empty cell is NULL (COPY writes an empty string as `""`); integers as they
 * print, booleans as `true`/`false`, timestamps as `Date.toISOString()`. Undefined for a type
 * whose text could differ (decimals, JSON...).
 */
/** Text that `csvCell` writes as it is (COPY quotes as it does): not empty, and not starting like a formula. */
const SAFE_CELL = /^[^=+\-@\t\r]/;

function copyCellSql(value: Column | SQL, field: FieldDef): SQL | undefined {
  const iso = (v: Column | SQL) => sql`to_char((${v}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // A column is cheap to name three times; an expression (a label's subquery) is read once.
  const textColumn = (v: Column) =>
    sql`nullif(case when ascii(${v}) in (61, 43, 45, 64, 9, 13) then '''' || ${v} else ${v} end, '')`;
  const textOf = (v: SQL) => sql`nullif(regexp_replace((${v})::text, '^([-=+@\\t\\r])', '''\\1'), '')`;
  if (!(value instanceof SQL)) {
    const col = value as Column & { withTimezone?: boolean };
    switch (col.columnType) {
      case 'PgText':
      case 'PgVarchar':
        // An enum's stored values are its options (every write is checked against them): when
        // none is empty or starts like a formula, the column is written as it is.
        return field.type === 'enum' && field.options?.every((o) => SAFE_CELL.test(String(o.value)))
          ? sql`${col}`
          : textColumn(col);
      case 'PgDateString':
      case 'PgInteger':
      case 'PgSerial':
      case 'PgSmallInt':
        return sql`${col}`;
      case 'PgBoolean':
        return sql`(${col})::text`;
      case 'PgTimestamp':
        return col.withTimezone ? iso(col) : undefined;
      default:
        return undefined;
    }
  }
  switch (field.type) {
    case 'integer':
      return sql`(${value})`;
    case 'boolean':
      return sql`(${value})::text`;
    case 'datetime':
      return iso(value);
    case 'string':
    case 'email':
    case 'enum':
    case 'text':
      return textOf(value);
    default:
      return undefined;
  }
}

/**
 * One CSV cell as SQL text, exactly as `csvCell` writes the value the driver would return:
 * text through `csv_text_cell` (quoting, formula neutralisation; migration 0014), integers and
 * booleans as PostgreSQL prints them (as JavaScript does), timestamps with time zone as
 * `Date.toISOString()`. Undefined for a type whose text could differ (decimals, JSON...).
 */
function csvCellSql(value: Column | SQL, field: FieldDef): SQL | undefined {
  const iso = (v: Column | SQL) =>
    sql`coalesce(to_char((${v}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;
  const plain = (v: Column | SQL) => sql`coalesce((${v})::text, '')`;
  const text = (v: Column | SQL) => sql`csv_text_cell((${v})::text)`;
  if (!(value instanceof SQL)) {
    const col = value as Column & { withTimezone?: boolean };
    switch (col.columnType) {
      case 'PgText':
      case 'PgVarchar':
      case 'PgDateString':
        return text(col);
      case 'PgInteger':
      case 'PgSerial':
      case 'PgSmallInt':
      case 'PgBoolean':
        return plain(col);
      case 'PgTimestamp':
        return col.withTimezone ? iso(col) : undefined;
      default:
        return undefined;
    }
  }
  switch (field.type) {
    case 'integer':
    case 'boolean':
      return plain(value);
    case 'datetime':
      return iso(value);
    case 'string':
    case 'email':
    case 'enum':
    case 'text':
      return text(value);
    default:
      return undefined;
  }
}

export type PlannedRow = {
  row: number;
  title?: string;
  status: 'add' | 'added' | 'skip' | 'error';
  issues?: { path: (string | number)[]; message: string }[];
  values?: Row;
};
export type ImportPlan = { rows: PlannedRow[]; ignoredColumns: string[] };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A cell's text as the create schema expects the field (numbers, booleans, enum values, ISO dates). */
function importValue(field: FieldDef, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'reference': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      return YES.has(text.toLowerCase()) ? true : NO.has(text.toLowerCase()) ? false : text;
    case 'enum': {
      const hit = field.options?.find(
        (o) => String(o.value).toLowerCase() === text.toLowerCase() || lowerLabel(o.label) === text.toLowerCase(),
      );
      return hit ? hit.value : text;
    }
    case 'datetime': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    default:
      // Text stays text: a cell starting with "=" is stored as written, never evaluated.
      return text;
  }
}
