import { and, asc, type Column, desc, is, like, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rowsAfter } from './keyset';

/**
 * Keyset paging (the paged export): pages read after the last row of the one before give every
 * row once, in the list's order, whatever the sort: ties broken by id, NULLs last ascending and
 * first descending, a column or an expression.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 23 rows: publication dates in 4 groups of ties and NULLs; an author id with ties and NULLs.
  const rows = Array.from({ length: 23 }, (_, i) => ({
    title: `Key ${i % 5}`,
    content: 'x',
    publishedAt: i % 6 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + (i % 4))),
    createdBy: i % 7 === 0 ? null : i % 3,
  }));
  await t.db.insert(blogs).values(rows);
});
afterAll(() => t.close());

const mine = like(blogs.title, 'Key %');
const sorts: { name: string; column?: Column | SQL }[] = [
  { name: 'id' },
  { name: 'a column without NULLs', column: blogs.title },
  { name: 'a column with NULLs', column: blogs.publishedAt },
  { name: 'an expression with NULLs', column: sql<number | null>`(${blogs.createdBy} * 10)` },
];

describe('rowsAfter pages through every row once, in order', () => {
  for (const s of sorts) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${s.name}, ${dir}`, async () => {
        const by = dir === 'asc' ? asc : desc;
        const orderBy = s.column ? [by(s.column), by(blogs.id)] : [by(blogs.id)];
        // The sort value as the export reads it: a column decoded as its type, an expression as the driver answers it.
        const value = !s.column ? blogs.id : is(s.column, SQL) ? s.column.as('value') : (s.column as PgColumn);
        const select = { id: blogs.id, value };
        const all = (
          await t.db
            .select(select)
            .from(blogs)
            .where(mine)
            .orderBy(...orderBy)
        ).map((r) => r.id);
        expect(all).toHaveLength(23);
        const paged: number[] = [];
        let cursor: SQL | undefined;
        for (let page = 0; page < 30; page++) {
          const rows = await t.db
            .select(select)
            .from(blogs)
            .where(and(mine, cursor))
            .orderBy(...orderBy)
            .limit(4);
          paged.push(...rows.map((r) => r.id));
          if (rows.length < 4) break;
          const last = rows[rows.length - 1];
          cursor = rowsAfter(blogs.id, { column: s.column, dir }, last.id, s.column ? last.value : undefined);
        }
        expect(paged).toEqual(all);
      });
    }
  }
});
