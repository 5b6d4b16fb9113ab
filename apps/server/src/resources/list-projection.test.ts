import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Lists answer only the fields a list carries, and only the columns asked for (decision 021):
 * a blog list has no article bodies, a learner list computes a count only when it is shown.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

type Schema = { properties?: Record<string, Schema>; required?: string[]; items?: Schema };
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>>;
};
const answerSchema = (path: string, status = '200') =>
  (t.app.swagger() as unknown as Doc).paths[path].get.responses[status].content['application/json'].schema;

/**
 * Every SQL text the app sends while `run` runs: the driver's `query` is wrapped (node-postgres
 * pool or PGlite), so this is what the database receives, not what the code meant to send.
 */
async function sqlSent(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String((q as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

const ARTICLE = 'A long article body. '.repeat(150); // ~3.1 KB a blog

describe('the blog list carries no article bodies', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 14; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/admin/blog/add',
        token: admin,
        payload: { title: `Projection post ${i}`, excerpt: `Excerpt ${i}`, content: `${ARTICLE}${i}`, tags: 'a,b' },
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('a page of 14 has no content or excerpt and stays under 6 KB; the read has the whole record', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get?page_size=14', token: admin });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(14);
    for (const row of data) {
      expect(row).not.toHaveProperty('content');
      expect(row).not.toHaveProperty('excerpt');
      expect(row.title).toMatch(/^Projection post/);
    }
    // With the bodies it was over 44 KB (14 x 3.1 KB); the list's own columns are ~300 bytes a row.
    expect(Buffer.byteLength(res.body)).toBeLessThan(6 * 1024);

    const read = await t.call({ method: 'GET', url: `/admin/blog/get/${data[0].id}`, token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toMatch(/^A long article body\./);
    expect(read.json().excerpt).toMatch(/^Excerpt/);
  });

  it('the SQL of the list does not read the bodies', async () => {
    const sent = await sqlSent(t.db, () => t.call({ method: 'GET', url: '/admin/blog/get', token: admin }));
    const list = sent.find((q) => /from "blogs"/.test(q) && /limit/.test(q));
    expect(list).toBeDefined();
    expect(list).not.toMatch(/"content"/);
    expect(list).not.toMatch(/"excerpt"/);
    expect(list).toMatch(/"title"/);
  });

  it('the OpenAPI document says so: the list row has no content, the read does', () => {
    const row = answerSchema('/admin/blog/get').properties?.data.items;
    expect(Object.keys(row?.properties ?? {})).not.toContain('content');
    expect(Object.keys(row?.properties ?? {})).toContain('title');
    // Always there: the record's identity and its title; the rest only when asked for.
    expect(row?.required).toEqual(expect.arrayContaining(['id', 'version', 'title']));
    expect(row?.required).not.toContain('status');
    const record = answerSchema('/admin/blog/get/{id}');
    expect(record.required).toEqual(expect.arrayContaining(['content', 'title', 'status']));
  });

  it('columns= answers those fields, the base columns and the title, and nothing else', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get?columns=status,publishedAt', token: admin });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(
      ['createdAt', 'id', 'publishedAt', 'status', 'title', 'updatedAt', 'version'].sort(),
    );
    expect(res.json().totalItems).toBe(14);
  });

  it('a column the list does not carry, or does not have, is a 400 naming it', async () => {
    for (const [columns, name] of [
      ['title,content', 'content'],
      ['nope', 'nope'],
    ]) {
      const res = await t.call({ method: 'GET', url: `/admin/blog/get?columns=${columns}`, token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: ['columns'], message: `This list has no column "${name}"` }]);
    }
    const bad = await t.call({ method: 'GET', url: '/admin/blog/get?columns=title;drop', token: admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a list shape is prepared once and run with each request’s values', () => {
  const like = (value: string) =>
    `filters=${encodeURIComponent(JSON.stringify([{ field: 'title', operator: 'like', value }]))}`;
  const titles = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/admin/blog/get?${query}&sort=title&columns=title`, token: admin });
    expect(res.statusCode).toBe(200);
    return { titles: res.json().data.map((r: { title: string }) => r.title), total: res.json().totalItems };
  };

  it('the same filters with other values answer their own rows and totals; wildcards stay literal', async () => {
    expect(await titles(like('post 13'))).toEqual({ titles: ['Projection post 13'], total: 1 });
    expect(await titles(like('post 2'))).toEqual({ titles: ['Projection post 2'], total: 1 });
    expect((await titles(like('Projection'))).total).toBe(14);
    // "%" is text, not "anything": the prepared pattern escapes it as the built one did.
    expect(await titles(like('%'))).toEqual({ titles: [], total: 0 });
    const page2 = await t.call({
      method: 'GET',
      url: `/admin/blog/get?${like('Projection')}&page_size=10&sort=title&columns=title`,
      token: admin,
      page: 2,
    });
    expect(page2.json().data).toHaveLength(4);
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL both requests run one named statement', async () => {
    const names: string[] = [];
    const sent = await sqlSent(t.db, async () => {
      await titles(like('post 13'));
      await titles(like('post 2'));
    });
    expect(sent.filter((q) => /from "blogs"/.test(q) && /limit/.test(q))).toHaveLength(2);
    const client = (t.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as { name?: string; text?: string };
      if (q?.name && /from "blogs"/.test(q.text ?? '') && /limit/.test(q.text ?? '')) names.push(q.name);
      return original.apply(this, args);
    };
    try {
      await titles(like('post 3'));
      await titles(like('post 4'));
    } finally {
      client.query = original;
    }
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(names[1]);
  });
});

describe('the learner list computes a derived field only when it is shown', () => {
  const COUNTS = /task_submissions|not_working_warnings|learner_holds/;

  it('without columns= it answers every list field, the counts among them', async () => {
    const sent = await sqlSent(t.db, async () => {
      const res = await t.call({ method: 'GET', url: '/admin/user/all', token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0]).toHaveProperty('tasksSubmittedLast7Days');
      expect(res.json().data[0]).toHaveProperty('noOfWarnings');
      expect(res.json().data[0]).not.toHaveProperty('passwordHash');
    });
    expect(sent.find((q) => /from "users"/.test(q) && /limit/.test(q))).toMatch(COUNTS);
  });

  it('with the screen’s columns it reads only those: no subquery over another table', async () => {
    let rows: Record<string, unknown>[] = [];
    const sent = await sqlSent(t.db, async () => {
      const res = await t.call({ method: 'GET', url: '/admin/user/all?columns=name,email,isaStatus', token: admin });
      expect(res.statusCode).toBe(200);
      rows = res.json().data;
    });
    const list = sent.find((q) => /from "users"/.test(q) && /limit/.test(q));
    expect(list).toBeDefined();
    expect(list).not.toMatch(COUNTS);
    expect(list).not.toMatch(/password_hash|two_factor/);
    expect(Object.keys(rows[0]).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'isaStatus',
      'name',
      'updatedAt',
      'version',
    ]);
  });

  it('a count filtered and sorted on but not shown is in WHERE and ORDER BY, not in the select list', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'noOfWarnings', operator: '=', value: 0 }]));
    const url = `/admin/user/all?filters=${filters}&sort=-tasksSubmittedLast7Days`;
    let narrow: unknown[] = [];
    const sent = await sqlSent(t.db, async () => {
      const res = await t.call({ method: 'GET', url: `${url}&columns=email`, token: admin });
      expect(res.statusCode).toBe(200);
      narrow = res.json().data.map((r: { id: number }) => r.id);
    });
    const list = sent.find((q) => /from "users"/.test(q) && /limit/.test(q)) ?? '';
    const [selectList, rest] = list.split(/ from "users" /);
    expect(selectList).not.toMatch(COUNTS);
    expect(rest).toMatch(/not_working_warnings/);
    expect(rest).toMatch(/order by[\s\S]*task_submissions/);
    // The same rows, in the same order, as the list with every column.
    const wide = await t.call({ method: 'GET', url, token: admin });
    expect(wide.json().data.map((r: { id: number }) => r.id)).toEqual(narrow);
  });
});
