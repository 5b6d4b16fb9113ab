import { blogResource } from '@cohort/domain';
import { desc, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blogs, events, uploads as uploadsTable } from '../db/schema';
import type { Actor } from '../platform/access';
import type { ParallelCopyOptions } from '../platform/csv-copy';
import { DAMAGED_PNG, multipart, PNG } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { ResourceService } from './service';

let t: TestApp;
let admin: string;
let marketing: string;
let mentor: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: 64 * 1024, BODY_LIMIT_BYTES: 32 * 1024 });
  admin = await t.tokenFor('ADMIN');
  marketing = await t.tokenFor('MARKETING');
  mentor = await t.tokenFor('MENTOR');
  const rows = Array.from({ length: 30 }, (_, i) => ({
    title: i === 0 ? '100% placement_rate' : i === 1 ? '100 percent placements' : `Story number ${i}`,
    content: `Body ${i}`,
    status: i % 3 === 0 ? 'Archived' : 'Live',
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
  }));
  await t.db.insert(blogs).values(rows);
});
afterAll(() => t.close());

const filters = (f: unknown) => `filters=${encodeURIComponent(JSON.stringify(f))}`;
const list = (query: string, page?: number, token = marketing) =>
  t.call({ method: 'GET', url: `/admin/blog/get?${query}`, token, page });
const auditCount = async () => (await t.db.select().from(auditLog)).length;

describe('GET /admin/{resource}/get', () => {
  it('pages by the page_num header with 14 rows by default, newest first', async () => {
    const first = (await list('')).json();
    expect(first.totalItems).toBe(30);
    expect(first.data).toHaveLength(14);
    expect(first.data[0].title).toBe('Story number 29');
    const third = (await list('', 3)).json();
    expect(third.data).toHaveLength(2);
    expect(third.data.at(-1).title).toBe('100% placement_rate');
  });

  it('takes page_size up to 100 and refuses more, and a bad page_num', async () => {
    expect((await list('page_size=5')).json().data).toHaveLength(5);
    expect((await list('page_size=100')).json().data).toHaveLength(30);
    expect((await list('page_size=101')).statusCode).toBe(400);
    expect((await list('page_size=0')).statusCode).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/admin/blog/get', token: marketing, headers: { page_num: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/admin/blog/get', token: marketing, headers: { page_num: '0' } }))
        .statusCode,
    ).toBe(400);
  });

  it('filters with each operator', async () => {
    const ids = (await list('page_size=100'))
      .json()
      .data.map((b: { id: number }) => b.id)
      .sort((a: number, b: number) => a - b);
    const mid = ids[10];
    const count = async (f: unknown) => (await list(`page_size=100&${filters(f)}`)).json().totalItems;
    expect(await count([{ field: 'status', operator: '=', value: 'Archived' }])).toBe(10);
    expect(await count([{ field: 'status', operator: '!=', value: 'Archived' }])).toBe(20);
    expect(await count([{ field: 'id', operator: '>', value: mid }])).toBe(19);
    expect(await count([{ field: 'id', operator: '>=', value: mid }])).toBe(20);
    expect(await count([{ field: 'id', operator: '<', value: mid }])).toBe(10);
    expect(await count([{ field: 'id', operator: '<=', value: String(mid) }])).toBe(11);
    expect(await count([{ field: 'title', operator: 'like', value: 'story number 1' }])).toBe(10);
    expect(await count([{ field: 'createdAt', operator: '>=', value: '2026-01-21T00:00:00Z' }])).toBe(10);
    expect(
      await count([
        { field: 'status', operator: '=', value: 'Live' },
        { field: 'title', operator: 'like', value: 'Story' },
      ]),
    ).toBe(19);
  });

  it('escapes % and _ in like', async () => {
    const titles = async (v: string) =>
      (await list(filters([{ field: 'title', operator: 'like', value: v }])))
        .json()
        .data.map((b: { title: string }) => b.title);
    expect(await titles('100%')).toEqual(['100% placement_rate']);
    // As wildcards these would match '100 percent placements' and '100% placement_rate'.
    expect(await titles('percent_placements')).toEqual([]);
    expect(await titles('placement%rate')).toEqual([]);
    expect(await titles('placement_rate')).toEqual(['100% placement_rate']);
  });

  it('refuses unknown fields, operators and values of the wrong type with field-level issues', async () => {
    const bad = async (f: unknown) => {
      const res = await list(filters(f));
      expect(res.statusCode).toBe(400);
      return res.json().issues;
    };
    expect(await bad([{ field: 'passwordHash', operator: '=', value: 'x' }])).toEqual([
      { path: ['filters', 0, 'field'], message: 'Unknown filter field "passwordHash"' },
    ]);
    expect((await bad([{ field: 'title', operator: '>', value: 'a' }]))[0].path).toEqual(['filters', 0, 'operator']);
    expect((await bad([{ field: 'title', operator: 'regex', value: 'a' }]))[0].path).toEqual([
      'filters',
      0,
      'operator',
    ]);
    expect((await bad([{ field: 'id', operator: '=', value: 'abc' }]))[0].path).toEqual(['filters', 0, 'value']);
    expect((await bad([{ field: 'status', operator: '=', value: 'Deleted' }]))[0].path).toEqual([
      'filters',
      0,
      'value',
    ]);
    expect((await bad([{ field: 'createdAt', operator: '>', value: 'yesterday' }]))[0].path).toEqual([
      'filters',
      0,
      'value',
    ]);
    expect((await list('filters=not-json')).statusCode).toBe(400);
    expect((await list(filters({ field: 'id' }))).statusCode).toBe(400);
  });

  it('sorts by a sortable field and refuses others', async () => {
    const asc = (await list('sort=title&page_size=3')).json().data.map((b: { title: string }) => b.title);
    expect(asc).toEqual(['100 percent placements', '100% placement_rate', 'Story number 10']);
    expect((await list('sort=-content')).statusCode).toBe(400);
  });
});

describe('add, get, update, delete', () => {
  it('creates a blog from just { title, content } and an event from just { title, startsAt }', async () => {
    const b = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: 'Hello', content: 'World' },
    });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ title: 'Hello', content: 'World', status: 'Live', version: 1, imageUrl: null });
    const e = await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: mentor,
      payload: { title: 'Demo day', startsAt: '2026-12-01T10:00:00Z' },
    });
    expect(e.statusCode).toBe(201);
    expect(e.json()).toMatchObject({ title: 'Demo day', startsAt: '2026-12-01T10:00:00.000Z', status: 'Active' });
    const got = await t.call({ method: 'GET', url: `/admin/event/get/${e.json().id}`, token: mentor });
    expect(got.json().title).toBe('Demo day');
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await auditCount();
    const rows = (await t.db.select().from(blogs)).length;
    const res = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: '', content: 'x', createdBy: 1, id: 5 },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'createdBy', 'id']));
    const ev = await t.call({
      method: 'POST',
      url: '/admin/event/add',
      token: marketing,
      payload: { title: 'x', startsAt: '2026-12-02T10:00:00Z', endsAt: '2026-12-01T10:00:00Z' },
    });
    expect(ev.statusCode).toBe(400);
    expect(ev.json().issues).toEqual([{ path: ['endsAt'], message: 'Ends at must be after starts at' }]);
    expect(
      (await t.call({ method: 'POST', url: '/admin/event/add', token: marketing, payload: { title: 'x' } })).json()
        .issues[0].path,
    ).toEqual(['startsAt']);
    expect((await t.db.select().from(blogs)).length).toBe(rows);
    expect(await auditCount()).toBe(before);
  });

  it('updates with the version; a stale version is 409 and nothing is written', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/admin/blog/add',
        token: marketing,
        payload: { title: 'Draft', content: 'v1' },
      })
    ).json();
    const first = await t.call({
      method: 'PUT',
      url: `/admin/blog/update/${created.id}`,
      token: marketing,
      payload: { title: 'Final', version: 1 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Final', content: 'v1', version: 2 });
    const stale = await t.call({
      method: 'PUT',
      url: `/admin/blog/update/${created.id}`,
      token: admin,
      payload: { content: 'overwrite', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const [row] = await t.db.select().from(blogs).where(eq(blogs.id, created.id));
    expect(row.content).toBe('v1');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/admin/blog/update/${created.id}`,
          token: marketing,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/admin/blog/update/${created.id}`,
          token: marketing,
          payload: { version: 2, slug: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/admin/blog/update/999999',
          token: marketing,
          payload: { title: 'x', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/admin/blog/update/abc',
          token: marketing,
          payload: { title: 'x', version: 1 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('records every write in the audit log with before and after', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/admin/blog/add',
        token: marketing,
        payload: { title: 'Audited', content: 'a' },
      })
    ).json();
    await t.call({
      method: 'PUT',
      url: `/admin/blog/update/${created.id}`,
      token: marketing,
      payload: { content: 'b', version: 1 },
    });
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/blog/delete/${created.id}`, token: marketing })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'GET', url: `/admin/blog/get/${created.id}`, token: marketing })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/blog/delete/${created.id}`, token: marketing })).statusCode,
    ).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)))
      .orderBy(desc(auditLog.id));
    const mine = entries.filter((e) => e.entity === 'blog');
    expect(mine.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const marketingId = await t.userId('MARKETING');
    expect(mine.every((e) => e.actorId === marketingId && e.actorName === 'Test Marketing')).toBe(true);
    expect((mine[1].before as { content: string }).content).toBe('a');
    expect((mine[1].after as { content: string }).content).toBe('b');
    expect(mine[0].after).toBeNull();
    expect((mine[2].after as { title: string }).title).toBe('Audited');
  });

  it('refuses the wrong role on every call', async () => {
    const [blog] = await t.db.select().from(blogs).limit(1);
    for (const [method, url, payload] of [
      ['GET', '/admin/blog/get', undefined],
      ['GET', `/admin/blog/get/${blog.id}`, undefined],
      ['POST', '/admin/blog/add', { title: 'x', content: 'y' }],
      ['PUT', `/admin/blog/update/${blog.id}`, { title: 'x', version: blog.version }],
      ['DELETE', `/admin/blog/delete/${blog.id}`, undefined],
      ['GET', '/admin/blog/download-csv', undefined],
      ['POST', `/admin/blog/image/${blog.id}`, undefined],
    ] as const) {
      expect((await t.call({ method, url, token: mentor, payload })).statusCode, url).toBe(403);
    }
    const hr = await t.tokenFor('HR');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/event/add',
          token: hr,
          payload: { title: 'x', startsAt: '2026-12-01T10:00:00Z' },
        })
      ).statusCode,
    ).toBe(403);
    const [row] = await t.db.select().from(blogs).where(eq(blogs.id, blog.id));
    expect(row.title).toBe(blog.title);
  });
});

describe('image upload', () => {
  it('stores a real image under a random key, serves it with its type, and audits it', async () => {
    const [blog] = await t.db.select().from(blogs).limit(1);
    const res = await t.call({
      method: 'POST',
      url: `/admin/blog/image/${blog.id}`,
      token: marketing,
      ...multipart('image', 'cover.png', PNG),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().imageUrl as string;
    expect(url).toMatch(/^\/files\/miscellaneous\/[A-Za-z0-9_-]{22}\.png$/);
    expect(res.json().version).toBe(blog.version + 1);
    const file = await t.call({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const uploads = (await t.db.select().from(auditLog)).filter((a) => a.action === 'upload');
    expect(uploads.map((a) => a.entity)).toEqual(expect.arrayContaining(['upload', 'blog']));
  });

  it('makes a WebP thumbnail with sharp, and serves files with an ETag that a browser revalidates to 304', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f9e44' } })
      .jpeg()
      .toBuffer();
    const res = await t.call({
      method: 'POST',
      url: '/admin/upload/image',
      token: mentor,
      ...multipart('image', 'team.jpg', photo, 'image/jpeg'),
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().url as string;
    const key = url.split('/').pop() as string;
    const thumb = await t.call({ method: 'GET', url: url.replace(/\.jpg$/, '-thumb.webp') });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });

    const file = await t.call({ method: 'GET', url });
    expect(file.headers.etag).toBe(`"${key}"`);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.call({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"other", "${key}"`, 'accept-encoding': 'br, gzip' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect((await t.call({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('refuses an image whose first bytes are right but which cannot be decoded, storing nothing', async () => {
    const before = (await t.db.select().from(uploadsTable)).length;
    const res = await t.call({
      method: 'POST',
      url: '/admin/upload/image',
      token: mentor,
      ...multipart('image', 'broken.png', DAMAGED_PNG),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().issues).toEqual([{ path: ['image'], message: 'The file is damaged or not really an image' }]);
    expect((await t.db.select().from(uploadsTable)).length).toBe(before);
  });

  it('refuses a request that is not multipart, a file in another field and one past the cap, in words for people', async () => {
    const before = (await t.db.select().from(uploadsTable)).length;
    const send = (body: ReturnType<typeof multipart>) =>
      t.call({ method: 'POST', url: '/admin/upload/image', token: mentor, ...body });
    const plain = await t.call({ method: 'POST', url: '/admin/upload/image', token: mentor, payload: { image: 'x' } });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toBe('Send the image as multipart/form-data');
    const elsewhere = await send(multipart('picture', 'cover.png', PNG));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      message: 'Send the file in the field "image"',
      issues: [{ path: ['picture'], message: 'Unknown field' }],
    });
    // This app's cap is 64 kB (and its JSON body limit 32 kB): the message says the cap.
    const big = await send(multipart('image', 'huge.png', Buffer.concat([PNG, Buffer.alloc(100 * 1024)])));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is larger than 64 kB');
    expect((await t.db.select().from(uploadsTable)).length).toBe(before);
  });

  it('gives an image stored before thumbnails existed its thumbnail on first request, once', async () => {
    const photo = await sharp({ create: { width: 40, height: 90, channels: 3, background: '#e8590c' } })
      .png()
      .toBuffer();
    await t.app.storage.put('miscellaneous', 'older-upload.png', photo, 'image/png');
    await t.db
      .insert(uploadsTable)
      .values({ bucket: 'miscellaneous', key: 'older-upload.png', contentType: 'image/png', size: photo.length });
    const url = '/files/miscellaneous/older-upload-thumb.webp';
    const [a, b] = await Promise.all([t.call({ method: 'GET', url }), t.call({ method: 'GET', url })]);
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(200);
      expect(await sharp(r.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 90 });
    }
    const rows = await t.db.select().from(uploadsTable).where(eq(uploadsTable.key, 'older-upload-thumb.webp'));
    expect(rows).toHaveLength(1);
    // Only thumbnails are made on request: any other missing key stays a 404.
    expect((await t.call({ method: 'GET', url: '/files/miscellaneous/nothere-thumb.webp' })).statusCode).toBe(404);
  });

  it('judges the type by magic bytes, not by the name or declared type', async () => {
    const [event] = await t.db.select().from(events).limit(1);
    const fake = await t.call({
      method: 'POST',
      url: `/admin/event/image/${event?.id ?? 1}`,
      token: marketing,
      ...multipart('image', 'x.png', Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.statusCode).toBe(415);
  });

  it('caps the size (413), wants the field "image" and multipart', async () => {
    const [blog] = await t.db.select().from(blogs).limit(1);
    const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/admin/blog/image/${blog.id}`,
          token: marketing,
          ...multipart('image', 'big.png', big),
        })
      ).statusCode,
    ).toBe(413);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/admin/blog/image/${blog.id}`,
          token: marketing,
          ...multipart('file', 'a.png', PNG),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: `/admin/blog/image/${blog.id}`, token: marketing, payload: { a: 1 } }))
        .statusCode,
    ).toBe(415);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/blog/image/999999',
          token: marketing,
          ...multipart('image', 'a.png', PNG),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('POST /admin/upload/image answers the URL of the stored image', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/upload/image',
      token: mentor,
      ...multipart('image', 'a.png', PNG),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/files\/miscellaneous\//);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/upload/image',
          token: mentor,
          ...multipart('image', 'a.txt', Buffer.from('hello')),
        })
      ).statusCode,
    ).toBe(415);
    expect((await t.call({ method: 'GET', url: '/files/miscellaneous/nothere.png' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/files/..%2F..%2Fetc/passwd' })).statusCode).toBe(400);
  });
});

describe('CSV export and limits', () => {
  it('exports the current filter as RFC 4180 CSV with formulas neutralised', async () => {
    await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: '=HYPERLINK("x")', content: 'a, "quoted"\nline' },
    });
    const res = await t.call({
      method: 'GET',
      url: `/admin/blog/download-csv?${filters([{ field: 'title', operator: 'like', value: 'HYPERLINK' }])}`,
      token: marketing,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="blog-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0].startsWith('Id,Title,Author,Status')).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('"a, ""quoted""\nline"');
    expect(lines.filter(Boolean)).toHaveLength(2);
    const all = await t.call({ method: 'GET', url: '/admin/blog/download-csv', token: marketing });
    expect(all.body.split('\r\n').filter(Boolean).length).toBe((await t.db.select().from(blogs)).length + 1);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/admin/blog/download-csv?${filters([{ field: 'nope', operator: '=', value: 1 }])}`,
          token: marketing,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('writes the columns asked for, in their order, with the filters; unknown or unreadable columns are a 400', async () => {
    const only = filters([{ field: 'title', operator: 'like', value: 'Story number 1' }]);
    const res = await t.call({
      method: 'GET',
      url: `/admin/blog/download-csv?${only}&columns=status,title&sort=title`,
      token: marketing,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Status,Title');
    // Story number 10..19: ten rows, two cells each, in the list's order.
    expect(lines.slice(1)).toHaveLength(10);
    expect(lines[1]).toBe('Live,Story number 10');
    expect(lines[3]).toBe('Archived,Story number 12');
    expect(lines.every((l) => l.split(',').length === 2)).toBe(true);

    const bad = await t.call({
      method: 'GET',
      url: '/admin/blog/download-csv?columns=title,shoeSize',
      token: marketing,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: ['columns'], message: 'Blogs have no column "shoeSize" to export' }]);
    const malformed = await t.call({
      method: 'GET',
      url: '/admin/blog/download-csv?columns=title;drop',
      token: marketing,
    });
    expect(malformed.statusCode).toBe(400);
    // A field the reader's role may not read (a learner's CIBIL score is the negotiators'): refused, not left out.
    const motivator = await t.tokenFor('MOTIVATOR');
    const refused = await t.call({
      method: 'GET',
      url: '/admin/user/download-csv?columns=name,cibilScore',
      token: motivator,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['columns'], message: 'Your role cannot read CIBIL score' }]);
    const negotiator = await t.tokenFor('NEGOTIATOR');
    const allowed = await t.call({
      method: 'GET',
      url: '/admin/user/download-csv?columns=name,cibilScore',
      token: negotiator,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body.split('\r\n')[0]).toBe('Name,CIBIL score');
  });

  it('caps the body size (413) and rejects malformed JSON (400)', async () => {
    const huge = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: 'x', content: 'y'.repeat(40 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('input the database cannot store is a 400, never a 500 (issue 6, findings 4 and 10)', () => {
  it('ids and page numbers are plain decimal integers within int4', async () => {
    const [blog] = await t.db.select().from(blogs).limit(1);
    expect((await t.call({ method: 'GET', url: `/admin/blog/get/${blog.id}`, token: marketing })).statusCode).toBe(200);
    for (const id of ['0x10', '1.0', '%201', '1e2', '+1', '2147483648', '99999999999999999999']) {
      const res = await t.call({ method: 'GET', url: `/admin/blog/get/${id}`, token: marketing });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().issues[0].path).toEqual(['id']);
    }
    expect((await list('page_size=1e2')).statusCode).toBe(400);
    expect((await list('page_size=0x10')).statusCode).toBe(400);
    for (const page of ['1e20', '1.0', '0x2', ' 2']) {
      const res = await t.call({
        method: 'GET',
        url: '/admin/blog/get',
        token: marketing,
        headers: { page_num: page },
      });
      expect(res.statusCode, page).toBe(400);
    }
  });

  it('filter values beyond an integer column, dates past year 9999 and NUL text', async () => {
    for (const f of [
      { field: 'id', operator: '=', value: 2_147_483_648 },
      { field: 'id', operator: '>', value: '-99999999999' },
      { field: 'createdAt', operator: '<', value: '+010000-01-01T00:00:00Z' },
      { field: 'title', operator: 'like', value: 'a\u0000b' },
    ]) {
      const res = await list(filters([f]));
      expect(res.statusCode, JSON.stringify(f)).toBe(400);
      expect(res.json().issues[0].path).toEqual(['filters', 0, 'value']);
      const csv = await t.call({ method: 'GET', url: `/admin/blog/download-csv?${filters([f])}`, token: marketing });
      expect(csv.statusCode).toBe(400);
    }
  });

  it('a NUL character in any text of a body is refused with the field named, and nothing is written', async () => {
    const before = await auditCount();
    const res = await t.call({
      method: 'POST',
      url: '/admin/blog/add',
      token: marketing,
      payload: { title: 'Fine title', content: 'bad \u0000 content' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['content'], message: expect.stringMatching(/NUL/) }]);
    expect(await auditCount()).toBe(before);
    // The unauthenticated registration too.
    const reg = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'A\u0000B', email: 'nul@test.local', password: 'a long password' },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().issues[0].path).toEqual(['name']);
  });

  it('a name with a hidden direction character, or only invisible ones, is refused on its field (issue 16, finding 7)', async () => {
    const before = await auditCount();
    const add = (payload: object) =>
      t.call({ method: 'POST', url: '/admin/testimonial/add', token: marketing, payload });
    const spoofed = await add({ name: 'Admin\u202Egpj.exe', content: 'Great course' });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().issues).toEqual([
      { path: ['name'], message: 'Name cannot contain hidden direction characters' },
    ]);
    const blank = await add({ name: '\u200B\u200D', content: 'Great course' });
    expect(blank.json().issues).toEqual([{ path: ['name'], message: 'Enter a name with visible characters' }]);
    expect(await auditCount()).toBe(before);
  });

  it('an export whose query fails at once answers the error, not a 200 with a header row', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/admin/blog/download-csv?${filters([{ field: 'createdAt', operator: '>', value: 'not a date' }])}`,
      token: marketing,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('CSV export pages by keyset', () => {
  it('every row once, in order, across pages, with NULLs in the sort column, both directions', async () => {
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      title: `Keyset ${i}`,
      content: 'x',
      // Many ties and NULLs: the id must break them.
      publishedAt: i % 7 === 0 ? null : new Date(base + (i % 50) * 86_400_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(blogs).values(rows.slice(i, i + 500));
    const only = filters([{ field: 'title', operator: 'like', value: 'Keyset ' }]);
    for (const sort of ['publishedAt', '-publishedAt', 'id', '-title']) {
      const res = await t.call({
        method: 'GET',
        url: `/admin/blog/download-csv?${only}&sort=${sort}`,
        token: marketing,
      });
      expect(res.statusCode, sort).toBe(200);
      const lines = res.body.split('\r\n').filter(Boolean).slice(1);
      const ids = lines.map((l) => Number(l.split(',')[0]));
      expect(ids.length, sort).toBe(4500);
      expect(new Set(ids).size, sort).toBe(4500);
      // The same order as the list call gives for its first page.
      const first = await t.call({
        method: 'GET',
        url: `/admin/blog/get?${only}&sort=${sort}&page_size=100`,
        token: marketing,
      });
      expect(ids.slice(0, 100), sort).toEqual(first.json().data.map((r: { id: number }) => r.id));
      const last = await t.call({
        method: 'GET',
        url: `/admin/blog/get?${only}&sort=${sort}&page_size=100`,
        token: marketing,
        page: 45,
      });
      expect(ids.slice(4400), sort).toEqual(last.json().data.map((r: { id: number }) => r.id));
    }
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL reads one snapshot: rows added, changed or removed while it streams change nothing in the file',
    async () => {
      const service = new ResourceService({ def: blogResource, table: blogs, entity: 'blog' }, () => undefined);
      const actor = { role: 'ADMIN', user: { id: 1 } } as unknown as Actor;
      // One connection, and parts written by three at once from one exported snapshot (decision 023).
      for (const parallel of [
        { workers: 1, partRows: 1e9 },
        { workers: 3, partRows: 300, aheadBytes: 4096 },
      ]) {
        await t.db.delete(blogs).where(like(blogs.title, 'Snap %'));
        const rows = Array.from({ length: 4100 }, (_, i) => ({ title: `Snap ${i}`, content: 'x' }));
        for (let i = 0; i < rows.length; i += 500) await t.db.insert(blogs).values(rows.slice(i, i + 500));
        const query = { filters: JSON.stringify([{ field: 'title', operator: 'like', value: 'Snap ' }]), sort: 'id' };
        const chunks = service.csvChunks(t.db, actor, query, [], parallel);
        let body = String((await chunks.next()).value);
        // Written by others after the first page was sent, before the rest is read.
        await t.db.insert(blogs).values({ title: 'Snap late', content: 'x' });
        await t.db.delete(blogs).where(eq(blogs.title, 'Snap 4099'));
        await t.db.update(blogs).set({ title: 'Snap renamed' }).where(eq(blogs.title, 'Snap 3000'));
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) body += String(next.value);
        const titles = body
          .split('\r\n')
          .filter(Boolean)
          .slice(1)
          .map((l) => l.split(',')[1]);
        expect(titles).toHaveLength(4100);
        expect(titles).toContain('Snap 4099');
        expect(titles).toContain('Snap 3000');
        expect(titles).not.toContain('Snap late');
        expect(titles).not.toContain('Snap renamed');
      }

      // Exports given up after their first page free their connection: more of them than the
      // pool holds, and the database still answers.
      const query = { filters: JSON.stringify([{ field: 'title', operator: 'like', value: 'Snap ' }]), sort: 'id' };
      for (let i = 0; i < 6; i++) {
        const abandoned = service.csvChunks(t.db, actor, query, [], { partRows: 100, aheadBytes: 1024 });
        await abandoned.next();
        await abandoned.return(undefined);
      }
      expect((await t.db.select({ id: blogs.id }).from(blogs).limit(1)).length).toBe(1);
    },
    60_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL split over connections by ranges of the sort key: the same file as one statement, for every sort',
    async () => {
      const rows = Array.from({ length: 3000 }, (_, i) => ({ title: `Split ${i % 400}`, content: 'x' }));
      for (let i = 0; i < rows.length; i += 500) await t.db.insert(blogs).values(rows.slice(i, i + 500));
      // Creation times with microseconds, in 37 groups of ties: the id breaks them, and a boundary
      // read back as a JavaScript Date (milliseconds) would lose rows or repeat them.
      await t.db.execute(
        sql`update ${blogs} set created_at = '2025-01-01T00:00:00.000001Z'::timestamptz + (id % 37) * interval '1.000003 second' where title like 'Split %'`,
      );
      const service = new ResourceService({ def: blogResource, table: blogs, entity: 'blog' }, () => undefined);
      const actor = { role: 'ADMIN', user: { id: 1 } } as unknown as Actor;
      const read = async (query: Record<string, string>, parallel: ParallelCopyOptions) => {
        let body = '';
        for await (const c of service.csvChunks(t.db, actor, query, [], parallel)) body += String(c);
        return body;
      };
      const only = JSON.stringify([{ field: 'title', operator: 'like', value: 'Split ' }]);
      for (const sort of ['id', '-id', 'createdAt', '-createdAt', 'title', '-title', 'publishedAt']) {
        const query = { filters: only, sort };
        let parts = 0;
        const split = await read(query, { workers: 3, partRows: 120, aheadBytes: 2048, onSplit: (n) => (parts = n) });
        const whole = await read(query, { workers: 1, partRows: 1e9 });
        // publishedAt may be NULL: such a sort is written by one statement (no split).
        if (sort === 'publishedAt') expect(parts, sort).toBe(0);
        else expect(parts, sort).toBeGreaterThan(5);
        expect(split.split('\r\n').length, sort).toBe(3002);
        expect(split, sort).toBe(whole);
      }
    },
    60_000,
  );
});
