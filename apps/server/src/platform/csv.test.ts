import type { FieldDef } from '@cohort/domain';
import { blogResource } from '@cohort/domain';
import { asc, type Column, like, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { csvCell, csvCellSql } from './csv';

/**
 * The CSV cell rules are written once (platform/csv.ts): the cells the database writes, in
 * either form, are the text `csvCell` writes for the value the driver reads. Checked on the
 * real database, columns and expressions alike (a reference's label is an expression).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TEXTS = [
  '=HYPERLINK("http://x","click")',
  '+1',
  '-minus first',
  '-12.5',
  '@SUM(A1)',
  '\tTab first',
  '\rCR first',
  'plain',
  'a, b',
  'say "hi"',
  'two\nlines\r\nand CRLF',
  "'already quoted",
  'Zoë — 東京',
  ' space first',
  '',
  null,
];
const NUMBERS = [0, -5, 42, 2147483647, null];
const INSTANTS = [new Date('2026-01-02T03:04:05.678Z'), new Date('1999-12-31T23:59:59.000Z'), null];

/** What COPY … (FORMAT csv) writes for a cell's text: RFC 4180 quoting, NULL as nothing. */
const copyQuoted = (text: string | null) =>
  text === null ? '' : /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'x',
  label: 'X',
  type,
  ...extra,
});

describe('csvCellSql writes what csvCell writes', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: Math.max(TEXTS.length, NUMBERS.length, INSTANTS.length) }, (_, i) => ({
      title: `Cell ${String(i).padStart(2, '0')}`,
      content: 'x',
      excerpt: TEXTS[i % TEXTS.length],
      createdBy: NUMBERS[i % NUMBERS.length],
      publishedAt: INSTANTS[i % INSTANTS.length],
      status: i % 2 ? 'Live' : 'Archived',
    }));
    await t.db.insert(blogs).values(rows);
  });

  const status = blogResource.fields.find((f) => f.name === 'status') as FieldDef;
  /** Each case: the SQL value, its field, and what the driver reads back for it. */
  const cases: { name: string; value: Column | SQL; field: FieldDef; read: PgColumn | SQL.Aliased }[] = [
    { name: 'text column', value: blogs.excerpt, field: field('text'), read: blogs.excerpt },
    { name: 'text expression', value: sql`(${blogs.excerpt})`, field: field('string'), read: blogs.excerpt },
    { name: 'enum column with safe options', value: blogs.status, field: status, read: blogs.status },
    { name: 'integer column', value: blogs.createdBy, field: field('integer'), read: blogs.createdBy },
    {
      name: 'integer expression',
      value: sql`(${blogs.createdBy} * 1)`,
      field: field('integer'),
      read: blogs.createdBy,
    },
    {
      name: 'boolean expression',
      value: sql`(${blogs.createdBy} > 0)`,
      field: field('boolean'),
      read: sql<boolean | null>`(${blogs.createdBy} > 0)`.as('read'),
    },
    { name: 'instant column', value: blogs.publishedAt, field: field('datetime'), read: blogs.publishedAt },
    {
      name: 'instant expression',
      value: sql`(${blogs.publishedAt})`,
      field: field('datetime'),
      read: blogs.publishedAt,
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const line = csvCellSql(c.value, c.field, 'line');
      const copy = csvCellSql(c.value, c.field, 'copy');
      if (!line || !copy) throw new Error('no SQL for this cell');
      const rows = await t.db
        .select({ read: c.read, line: line.as('line'), copy: copy.as('copy') })
        .from(blogs)
        .where(like(blogs.title, 'Cell %'))
        .orderBy(asc(blogs.title));
      expect(rows.length).toBeGreaterThan(2);
      for (const r of rows as { read: unknown; line: string; copy: string | number | null }[]) {
        expect(r.line, JSON.stringify(r.read)).toBe(csvCell(r.read));
        // COPY writes an empty string as "": an empty cell must be NULL.
        expect(r.copy, JSON.stringify(r.read)).not.toBe('');
        // (A number's cell is the column itself: COPY prints it as JavaScript does.)
        const text = r.copy === null ? null : String(r.copy);
        expect(copyQuoted(text), JSON.stringify(r.read)).toBe(csvCell(r.read));
      }
    });
  }

  it('neutralises every formula start in both forms, and leaves numbers alone', async () => {
    const [r] = await t.db
      .select({
        line: (csvCellSql(sql`(${'-5'}::text)`, field('string'), 'line') as SQL).as('line'),
        copy: (csvCellSql(sql`(${'=1'}::text)`, field('string'), 'copy') as SQL).as('copy'),
        number: (csvCellSql(sql`(${-5}::int)`, field('integer'), 'line') as SQL).as('number'),
      })
      .from(sql`(select 1) as one`);
    expect(r).toEqual({ line: "'-5", copy: "'=1", number: '-5' });
  });

  it('has no SQL for a type whose text could differ (decimals, JSON)', () => {
    expect(csvCellSql(sql`(1.5)`, field('number'), 'line')).toBeUndefined();
    expect(csvCellSql(sql`('{}'::jsonb)`, field('json'), 'copy')).toBeUndefined();
  });
});
