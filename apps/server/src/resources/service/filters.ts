import { canReadField, type Filter, type ParsedFilter, parseFilters, parseSort, rowScope } from '@cohort/domain';
import { and, asc, type Column, desc, eq, gt, gte, is, lt, lte, ne, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import type { ListQuery } from './binding';
import { fieldSql, type ResourceShape, scopeSql } from './shape';

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of a `like` filter: the text anywhere, its wildcards taken literally. */
export const likePattern = (v: unknown) => `%${escapeLike(String(v))}%`;

/** One validated filter as a condition over a column or a derived field's SQL. */
function conditionOf(value: Column | SQL, f: ParsedFilter): SQL {
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

/**
 * The engine's SQL for validated filters over this resource's columns (all must hold);
 * undefined when there are none. Lists use it, and so do modules that evaluate stored
 * filters (a user type's conditions over a learner).
 */
export function filtersSql(shape: ResourceShape, filters: readonly ParsedFilter[]): SQL | undefined {
  return and(
    ...filters.map((f) => {
      const derived = shape.binding.derived?.[f.field.name];
      if (derived) return derived.filter?.(f) ?? conditionOf(derived.sql, f);
      const col = shape.columns[f.field.name];
      if (!col) throw new Error(`field ${f.field.name} has no column`);
      return conditionOf(col, f);
    }),
  );
}

/** A list's order: a column or a derived field's SQL (none: by id), and its direction. */
export type ListSort = { column?: Column | SQL; field: string; dir: 'asc' | 'desc' };

export type ParsedListQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  sort: ListSort;
  filters: ParsedFilter[];
  /** A row scope narrows this actor's rows beyond `baseWhere`. */
  scoped: boolean;
};

/**
 * A list query's filters, sort and order. `fixed` filters come from the route (a list that
 * always shows placed learners, a batch named in the query) and are checked like the others.
 */
export function parseListQuery(
  shape: ResourceShape,
  actor: Actor,
  query: ListQuery,
  fixed: readonly Filter[] = [],
): ParsedListQuery {
  const { def } = shape;
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
  const parsed = parseFilters(def, Array.isArray(raw) && fixed.length ? [...raw, ...fixed] : raw, actor.role);
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
  const sort = parseSort(def, query.sort);
  if (!sort.ok) throw badRequest(sort.message, [{ path: ['sort'], message: sort.message }]);
  const where = and(scopeSql(shape, actor), filtersSql(shape, parsed.filters));
  const sortCol = fieldSql(shape, sort.field);
  if (!sortCol) throw new Error(`sort field ${sort.field} has no column`);
  const dir = sort.dir === 'asc' ? asc : desc;
  const id = shape.binding.table.id;
  const orderBy = sort.field === 'id' ? [dir(id)] : [dir(sortCol), dir(id)];
  return {
    where,
    orderBy,
    sort: { column: sort.field === 'id' ? undefined : sortCol, field: sort.field, dir: sort.dir },
    filters: parsed.filters,
    scoped: rowScope(actor.role, def.permission) !== undefined,
  };
}
