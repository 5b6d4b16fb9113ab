import { blogResource, canReadField, referenceLabelKey, userResource } from '@cohort/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow } from '../platform/csv';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The exported file is the same whichever way it is written (decision 021): on PostgreSQL one
 * `COPY … (FORMAT csv)`, on PGlite pages of SQL-written lines. Each line must be exactly what
 * `csvRow` (RFC 4180, formulas neutralised) writes for the record as the read call answers it.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

/** RFC 4180 records of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function records(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return out;
}

/** The file's lines as written, one per record (a record's quoted line breaks kept inside it). */
function lines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '\r' && text[i + 1] === '\n') {
      out.push(text.slice(start, i + 2));
      start = i + 2;
      i++;
    }
  }
  return out;
}

const TRICKY = [
  { title: '=HYPERLINK("http://x","click")', excerpt: '+1 and "quoted", with a comma', content: '@SUM(A1)' },
  { title: '-minus first', excerpt: '\tTab first', content: 'two\nlines\r\nand CRLF' },
  { title: 'Zoë — 東京, naïve', excerpt: '', content: 'backslash \\ and \\. alone' },
  { title: 'plain', content: '\rCR first' },
];

describe('download-csv writes what csvRow writes, on either database', () => {
  it('blogs: formulas, quotes, commas, line breaks, empty and missing text, non-ASCII', async () => {
    const ids: number[] = [];
    for (const b of TRICKY) {
      const res = await t.call({ method: 'POST', url: '/admin/blog/add', token: admin, payload: b });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const res = await t.call({ method: 'GET', url: '/admin/blog/download-csv?sort=id', token: admin });
    expect(res.statusCode).toBe(200);
    const fields = blogResource.fields.filter((f) => f.type !== 'image' && f.type !== 'json');
    const expected = [csvRow(fields.map((f) => f.label))];
    for (const id of ids) {
      const record = (await t.call({ method: 'GET', url: `/admin/blog/get/${id}`, token: admin })).json();
      expected.push(csvRow(fields.map((f) => record[f.name])));
    }
    expect(lines(res.body)).toEqual(expected);
    // Pinned by hand, independently of csvRow: the neutralised, quoted cells of the first blog.
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"",""click"")",`);
    expect(res.body).toContain(`,"'+1 and ""quoted"", with a comma",'@SUM(A1),`);
    expect(records(res.body)[2][6]).toBe('two\nlines\r\nand CRLF');
    expect(res.body).toContain(`,'-minus first,`);
  });

  it('learners: every exported field, derived counts and reference labels included, as the read answers them', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/user/download-csv', token: admin });
    expect(res.statusCode).toBe(200);
    const fields = userResource.fields.filter(
      (f) => f.type !== 'image' && f.type !== 'json' && canReadField(f, 'ADMIN'),
    );
    const body = lines(res.body);
    const header = records(body[0])[0];
    const exported = fields.filter((f) => header.includes(f.label));
    // A reference's label, then its id beside it (decision 038).
    expect(header).toEqual(
      exported.flatMap((f) => (f.type === 'reference' ? [f.label, `${f.label} (id)`] : [f.label])),
    );
    expect(header).toEqual(expect.arrayContaining(['OwnerId', 'OwnerId (id)', 'College', 'College (id)']));
    expect(body.length).toBeGreaterThan(2);
    for (const line of body.slice(1)) {
      const id = records(line)[0][header.indexOf('User Id')];
      const record = (await t.call({ method: 'GET', url: `/admin/user/details?user=${id}`, token: admin })).json();
      const values = header.map((label) => {
        const idOf = userResource.fields.find((d) => d.type === 'reference' && `${d.label} (id)` === label);
        if (idOf) return record[idOf.name];
        const f = userResource.fields.find((d) => d.label === label);
        if (!f) throw new Error(`unknown column ${label}`);
        return f.type === 'reference' ? record[referenceLabelKey(f)] : record[f.name];
      });
      expect(line, `learner ${id}`).toBe(csvRow(values));
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL the file is one COPY statement, filters written into it',
    async () => {
      const sent: string[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0] as { text?: string } | string;
        sent.push(typeof q === 'string' ? q : String(q?.text ?? ''));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        const f = encodeURIComponent(JSON.stringify([{ field: 'title', operator: 'like', value: "Zoë — 東京, n'" }]));
        const res = await t.call({ method: 'GET', url: `/admin/blog/download-csv?filters=${f}`, token: admin });
        expect(res.statusCode).toBe(200);
        expect(records(res.body)).toHaveLength(1); // the header: the quote in the term matched nothing
        const g = encodeURIComponent(JSON.stringify([{ field: 'title', operator: 'like', value: 'Zoë — 東京' }]));
        const hit = await t.call({ method: 'GET', url: `/admin/blog/download-csv?filters=${g}`, token: admin });
        expect(records(hit.body).map((r) => r[1])).toEqual(['Title', 'Zoë — 東京, naïve']);
      } finally {
        pg.Client.prototype.query = query;
      }
      const copies = sent.filter((q) => /^COPY \(/.test(q));
      expect(copies).toHaveLength(2);
      expect(copies[0]).toContain(`ILIKE '%Zoë — 東京, n''%'`);
    },
  );
});
