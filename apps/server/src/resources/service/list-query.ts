import { canReadField, type Filter, type ParsedFilter, SEARCH_FILTER } from '@cohort/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import type { ListQuery, Row } from './binding';
import { filtersSql, likePattern, type ParsedListQuery, parseListQuery, searchValuesOf } from './filters';
import { type ResourceShape, toRecord } from './shape';

/** Prepared list shapes kept per resource and database; a shape past this runs unprepared. */
const MAX_STATEMENTS = 200;
/** List selections kept per resource: a key is a subset of the declared fields, but there can be many subsets. */
const MAX_SELECTIONS = 500;
/** Statement names are unique in the process (PostgreSQL keeps them per connection). */
let statementSeq = 0;
type PreparedList = { execute(values?: Record<string, unknown>): Promise<unknown[]> };

/** What a resource's lists build once and reuse: selections by fields, prepared statements by database and shape. */
export type ListCache = {
  readonly selections: Map<string, SelectedFields>;
  readonly statements: WeakMap<Db, Map<string, { rows: PreparedList; count: PreparedList }>>;
};

export const newListCache = (): ListCache => ({ selections: new Map(), statements: new WeakMap() });

/**
 * The fields a list answers for this actor: those `columns` names (the screen's columns) and
 * the title field, or without it every field a list carries; never one their role may not
 * read. A name the list does not carry is a 400 (decision 021).
 */
export function listColumns(shape: ResourceShape, actor: Actor, columns?: string): string[] {
  const readable = shape.listFieldNames.filter((name) => {
    const field = shape.def.fields.find((f) => f.name === name);
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
  const keep = new Set([...asked, shape.def.titleField]);
  return readable.filter((name) => keep.has(name));
}

/** The selection of a list that answers these fields (and the base columns). */
function listSelection(shape: ResourceShape, cache: ListCache, names: readonly string[]): SelectedFields {
  const key = names.join(',');
  let selection = cache.selections.get(key);
  if (!selection) {
    selection = Object.assign({}, shape.base, ...names.map((name) => shape.parts[name])) as SelectedFields;
    if (cache.selections.size < MAX_SELECTIONS) cache.selections.set(key, selection);
  }
  return selection;
}

/**
 * The query counting a list's rows (a builder: awaited, or prepared once for a prepared list).
 * `count(*)` reads every matching index entry (40-60 ms at a million rows), so where the
 * binding keeps an exact total: no filter reads it; one filter whose complement is small
 * counts the complement and subtracts (decision 016). Both read the statement's snapshot, so
 * the answer is as exact as `count(*)`.
 */
function countQuery(
  shape: ResourceShape,
  db: Db,
  where: SQL | undefined,
  filters: readonly ParsedFilter[],
  scoped: boolean,
) {
  const { exactTotal: total, table: t, baseWhere, derived } = shape.binding;
  let fast: SQL | undefined;
  if (total && !scoped && filters.length === 0) fast = sql`coalesce(${total}, 0)`;
  if (total && !scoped && filters.length === 1) {
    const complement = derived?.[filters[0].field.name]?.complement?.(filters[0]);
    if (complement) {
      fast = sql`coalesce(${total}, 0) - (select count(*) from ${t} where ${and(baseWhere, complement)})`;
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
function preparedList(
  shape: ResourceShape,
  cache: ListCache,
  db: Db,
  names: readonly string[],
  q: ParsedListQuery,
  actor: Actor,
) {
  if (q.scoped) return undefined;
  const byValue = (f: ParsedFilter) => Boolean(shape.binding.derived?.[f.field.name]?.filter);
  const isSearch = (f: ParsedFilter) => f.field.name === SEARCH_FILTER;
  // A search's shape is its form (which matches it takes part in) and the fields this role may read (decision 039).
  const shapeOf = (f: ParsedFilter) => {
    if (isSearch(f)) return `${SEARCH_FILTER} ${searchValuesOf(String(f.value)).form} ${actor.role}`;
    return `${f.field.name} ${f.operator}${byValue(f) ? ` ${JSON.stringify(f.value)}` : ''}`;
  };
  const key = [names.join(','), q.sort.field, q.sort.dir, ...q.filters.map(shapeOf)].join('|');
  const values: Record<string, unknown> = {};
  q.filters.forEach((f, i) => {
    if (isSearch(f)) {
      const { pattern, id, phone } = searchValuesOf(String(f.value)).values;
      Object.assign(values, { [`s${i}`]: pattern, ...(id !== undefined && { [`s${i}id`]: id }) });
      if (phone !== undefined) values[`s${i}phone`] = phone;
    } else if (!byValue(f)) values[`f${i}`] = f.operator === 'like' ? likePattern(f.value) : f.value;
  });
  const statements = cache.statements.get(db) ?? new Map();
  cache.statements.set(db, statements);
  let hit = statements.get(key);
  if (!hit) {
    if (statements.size >= MAX_STATEMENTS) return undefined; // a shape past the bound runs as built
    const bound = q.filters.map((f, i) => {
      if (isSearch(f)) {
        const { id, phone } = searchValuesOf(String(f.value)).values;
        const placeholders = {
          pattern: sql.placeholder(`s${i}`),
          id: id === undefined ? undefined : sql.placeholder(`s${i}id`),
          phone: phone === undefined ? undefined : sql.placeholder(`s${i}phone`),
        };
        return { ...f, value: placeholders as unknown as ParsedFilter['value'] };
      }
      return byValue(f) ? f : { ...f, value: sql.placeholder(`f${i}`) as unknown as ParsedFilter['value'] };
    });
    const where = and(shape.binding.baseWhere, filtersSql(shape, bound, actor.role));
    hit = {
      rows: db
        .select(listSelection(shape, cache, names))
        .from(shape.binding.table)
        .where(where)
        .orderBy(...q.orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`list_${++statementSeq}`),
      count: countQuery(shape, db, where, bound, false).prepare(`count_${++statementSeq}`),
    };
    statements.set(key, hit);
  }
  return { ...hit, values };
}

/**
 * A page of the list: only the fields the list answers are read, so a long text is never
 * fetched for a list and a derived count is computed only when it is shown (it still filters
 * and sorts in the WHERE and ORDER BY when asked to).
 */
export async function listPage(
  shape: ResourceShape,
  cache: ListCache,
  db: Db,
  actor: Actor,
  query: ListQuery & { columns?: string },
  page: number,
  size: number,
  fixed: readonly Filter[] = [],
): Promise<{ data: Row[]; totalItems: number }> {
  const names = listColumns(shape, actor, query.columns);
  const parsed = parseListQuery(shape, actor, query, fixed);
  const prepared = preparedList(shape, cache, db, names, parsed, actor);
  if (prepared) {
    // The page and the count at once (on PostgreSQL two pooled connections; PGlite queues them).
    const [rows, counted] = await Promise.all([
      prepared.rows.execute({ ...prepared.values, limit: size, offset: (page - 1) * size }),
      prepared.count.execute(prepared.values),
    ]);
    return {
      data: (rows as Row[]).map((r) => toRecord(shape, r, actor)),
      totalItems: (counted as { count: number }[])[0].count,
    };
  }
  const { where, orderBy, filters, scoped } = parsed;
  const rows = await db
    .select(listSelection(shape, cache, names))
    .from(shape.binding.table)
    .where(where)
    .orderBy(...orderBy)
    .limit(size)
    .offset((page - 1) * size);
  const [{ count }] = await countQuery(shape, db, where, filters, scoped);
  return { data: rows.map((r) => toRecord(shape, r as Row, actor)), totalItems: count };
}
