import { and, type Column, eq, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { ListSort } from './filters';

/**
 * The rows after (value, id) in a list's order, for keyset paging: PostgreSQL sorts NULLs
 * last ascending and first descending, and the id breaks ties, so every row comes once.
 * `lastValue` is the last row's sort value (a value, or SQL such as a literal read back).
 */
export function rowsAfter(
  id: Column,
  sort: Pick<ListSort, 'column' | 'dir'>,
  lastId: number,
  lastValue: unknown,
): SQL | undefined {
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
