import {
  canReadField,
  type Filter,
  type ParsedFilter,
  parseFilters,
  parseSort,
  type RoleKey,
  rowScope,
  SEARCH_ANYWHERE_MIN,
  SEARCH_FILTER,
  searchTerms,
} from '@cohort/domain';
import { and, asc, type Column, desc, eq, gt, gte, is, lt, lte, ne, or, Placeholder, type SQL, sql } from 'drizzle-orm';
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

/** A search's values: the text's LIKE pattern, and the id and phone digits it names (placeholders in a prepared list). */
export type SearchValues = { pattern: unknown; id?: unknown; phone?: unknown };

/** The pattern of a search's text: anywhere in the field, or its start when the term is short (decision 039). */
export const searchPattern = (text: string) =>
  text.length < SEARCH_ANYWHERE_MIN ? `${escapeLike(text)}%` : `%${escapeLike(text)}%`;

/** A search term's values, and its form: which matches it takes part in (a prepared list's shape). */
export function searchValuesOf(term: string): { values: SearchValues; form: string } {
  const t = searchTerms(term);
  return {
    values: { pattern: searchPattern(t.text), id: t.id, phone: t.phone },
    form: `${t.id !== undefined ? 'i' : ''}${t.phone !== undefined ? 'p' : ''}`,
  };
}

/**
 * A phone's last 10 digits, whatever its format: the expression `users_phone_digits_idx` is
 * built on (migration 0025), so an equality on it is an index lookup.
 */
export const phoneDigits = (col: Column | SQL) => sql`right(regexp_replace(${col}, '[^0-9]', '', 'g'), 10)`;

/**
 * The search over the fields a resource declares as identifying it (decision 039): any one
 * matching is enough. A field the reader may not read is not searched (it would tell them its value).
 */
function searchSql(shape: ResourceShape, v: SearchValues, role: RoleKey | undefined): SQL {
  const parts: SQL[] = [];
  for (const s of shape.def.search ?? []) {
    const field = shape.def.fields.find((f) => f.name === s.field);
    if (role && field && !canReadField(field, role)) continue;
    if (s.match === 'id') {
      if (v.id === undefined) continue;
      const col = s.field === 'id' ? shape.binding.table.id : fieldSql(shape, s.field);
      if (col) parts.push(eq(col as Column, v.id));
      continue;
    }
    const col = fieldSql(shape, s.field);
    if (!col) throw new Error(`search field ${s.field} has no column`);
    if (s.match === 'phone') {
      if (v.phone !== undefined) parts.push(sql`${phoneDigits(col)} = ${v.phone}`);
    } else parts.push(sql`${col} ILIKE ${v.pattern} ESCAPE '\\'`);
  }
  return parts.length ? sql`(${or(...parts)})` : sql`false`;
}

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
export function filtersSql(shape: ResourceShape, filters: readonly ParsedFilter[], role?: RoleKey): SQL | undefined {
  return and(
    ...filters.map((f) => {
      if (f.field.name === SEARCH_FILTER && shape.def.search?.length) {
        // A prepared list binds the search's values as placeholders (see `preparedList`).
        const v = f.value as unknown;
        return searchSql(shape, typeof v === 'string' ? searchValuesOf(v).values : (v as SearchValues), role);
      }
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
  const where = and(scopeSql(shape, actor), filtersSql(shape, parsed.filters, actor.role));
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
