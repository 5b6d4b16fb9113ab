import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiPrompts, auditLog, orders, products, testimonials, users } from '../db/schema';
import { multipart, PNG } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The engine's capabilities of issue 7, each tested once on the resources that use them:
 * declared routes, references, reorder, several images, field permissions, and a module
 * (Campus Nexa) reusing the engine's service.
 */
let t: TestApp;
let marketing: string;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await t.tokenFor('MARKETING');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.call({ method, url, token, payload });
const entries = async (entity: string, action: string) =>
  (await t.db.select().from(auditLog)).filter((a) => a.entity === entity && a.action === action);

describe('declared routes: the spec names of each call', () => {
  it('orders: GET all, PUT update with the id in the body; only the status is editable', async () => {
    const [learner] = await t.db.select().from(users).where(eq(users.email, 'l1@test.local'));
    const [product] = await t.db
      .insert(products)
      .values({ name: 'Mock interview pack', priceMinor: 49_900 })
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({ userId: learner.id, productId: product.id, amountMinor: 49_900 })
      .returning();
    const negotiator = await t.tokenFor('NEGOTIATOR');
    const list = await call('GET', '/admin/order/all', negotiator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: order.id,
      userLabel: learner.name,
      productLabel: 'Mock interview pack',
      status: 'Pending',
    });
    // The default vocabulary is not there when a definition names its own.
    expect((await call('GET', '/admin/order/get', negotiator)).statusCode).toBe(404);

    const paid = await call('PUT', '/admin/order/update', negotiator, { id: order.id, status: 'Paid', version: 1 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Paid', version: 2 });
    const amount = await call('PUT', '/admin/order/update', negotiator, {
      id: order.id,
      status: 'Paid',
      amountMinor: 1,
      version: 2,
    });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().issues).toEqual([{ path: ['amountMinor'], message: 'Unknown field' }]);
    expect(
      (await call('PUT', '/admin/order/update', negotiator, { id: 999999, status: 'Paid', version: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/admin/order/update', marketing, { id: order.id, status: 'Paid', version: 2 })).statusCode,
    ).toBe(403);
    expect(await entries('order', 'update')).toHaveLength(1);
  });

  it('degrees: the public GET /deegree (no token) beside the staff list; categories at /admin/deegree/category/all', async () => {
    const hr = await t.tokenFor('HR');
    const sp = await t.tokenFor('STRATEGIC_PARTNERSHIP');
    const cat = await call('POST', '/admin/deegree/category/add', sp, { name: 'Engineering' });
    expect(cat.statusCode).toBe(201);
    const degree = await call('POST', '/admin/deegree/add', sp, { name: 'B.Tech', categoryId: cat.json().id });
    expect(degree.statusCode).toBe(201);
    expect(degree.json()).toMatchObject({ name: 'B.Tech', categoryId: cat.json().id, categoryLabel: 'Engineering' });

    const open = await call('GET', '/deegree');
    expect(open.statusCode).toBe(200);
    expect(open.json().data.map((d: { name: string }) => d.name)).toContain('B.Tech');
    expect((await call('GET', '/admin/deegree/get')).statusCode).toBe(401);
    expect((await call('GET', '/admin/deegree/get', hr)).json().totalItems).toBe(1);
    expect((await call('GET', '/admin/deegree/category/all', hr)).json().data[0].name).toBe('Engineering');
    // Writes stay with the roles the matrix names.
    expect((await call('POST', '/admin/deegree/add', hr, { name: 'M.Tech' })).statusCode).toBe(403);
  });
});

describe('reference fields', () => {
  it('answer their label, filter by id, and refuse ids that do not exist (409, nothing written)', async () => {
    const sp = await t.tokenFor('STRATEGIC_PARTNERSHIP');
    const science = (await call('POST', '/admin/deegree/category/add', sp, { name: 'Science' })).json();
    await call('POST', '/admin/deegree/add', sp, { name: 'B.Sc', categoryId: science.id });
    const filters = encodeURIComponent(JSON.stringify([{ field: 'categoryId', operator: '=', value: science.id }]));
    const byCategory = await call('GET', `/admin/deegree/get?filters=${filters}`, sp);
    expect(
      byCategory.json().data.map((d: { name: string; categoryLabel: string }) => [d.name, d.categoryLabel]),
    ).toEqual([['B.Sc', 'Science']]);
    const dangling = await call('POST', '/admin/deegree/add', sp, { name: 'Ghost degree', categoryId: 424242 });
    expect(dangling.statusCode).toBe(409);
    expect(
      (await call('GET', '/admin/deegree/get', sp))
        .json()
        .data.some((d: { name: string }) => d.name === 'Ghost degree'),
    ).toBe(false);
    // A category still in use cannot be deleted.
    const used = await call('DELETE', `/admin/deegree/category/delete/${science.id}`, sp);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/still refer/);
  });
});

describe('reorder', () => {
  it('keeps positions dense, takes the full ordered list, refuses a stale one (409, nothing moves), audits each move', async () => {
    const ids: number[] = [];
    for (const name of ['Asha', 'Bilal', 'Chitra']) {
      const res = await call('POST', '/admin/testimonial/add', marketing, { name, content: `${name} got placed.` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const positions = async () =>
      (await t.db.select().from(testimonials).orderBy(testimonials.position)).map((r) => [r.id, r.position]);
    expect(await positions()).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);

    const moved = await call('POST', '/admin/testimonial/reorder', marketing, { ids: [ids[2], ids[0], ids[1]] });
    expect(moved.statusCode).toBe(200);
    expect(await positions()).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    expect(await entries('testimonial', 'reorder')).toHaveLength(3);

    const stale = await call('POST', '/admin/testimonial/reorder', marketing, { ids: [ids[0], ids[1]] });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call('POST', '/admin/testimonial/reorder', marketing, { ids: [ids[0], ids[0], ids[1]] })).statusCode,
    ).toBe(400);
    expect(await positions()).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    expect((await call('POST', '/admin/testimonial/reorder', await t.tokenFor('MENTOR'), { ids })).statusCode).toBe(
      403,
    );

    // Deleting closes the gap; the list reads in order.
    expect((await call('DELETE', `/admin/testimonial/delete/${ids[2]}`, marketing)).statusCode).toBe(200);
    expect(await positions()).toEqual([
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const list = await call('GET', '/admin/testimonial/get', marketing);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
  });

  it('concurrent adds get distinct positions', async () => {
    const all = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/admin/testimonial/add', marketing, { name: `N${i}`, content: 'x' }),
      ),
    );
    expect(all.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.db.select().from(testimonials);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
    expect(Math.max(...rows.map((r) => r.position))).toBe(rows.length);
  });
});

describe('images: several per resource, each with its own calls', () => {
  it('uploads, replaces (the old file is deleted) and removes a thumbnail', async () => {
    const product = (
      await call('POST', '/admin/product/add', marketing, { name: 'Resume review', priceMinor: 9_900 })
    ).json();
    const up = (n: number) =>
      t.call({
        method: 'POST',
        url: `/admin/product/thumbnail/${product.id}`,
        token: marketing,
        ...multipart('image', `thumb-${n}.png`, PNG),
      });
    const first = await up(1);
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().thumbnailUrl as string;
    expect((await call('GET', firstUrl)).statusCode).toBe(200);

    const second = await up(2);
    const secondUrl = second.json().thumbnailUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await call('GET', firstUrl)).statusCode).toBe(404);
    expect((await call('GET', firstUrl.replace('.png', '-thumb.webp'))).statusCode).toBe(404);
    expect((await call('GET', secondUrl)).statusCode).toBe(200);

    const removed = await call('DELETE', `/admin/product/thumbnail/${product.id}`, marketing);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().thumbnailUrl).toBeNull();
    expect((await call('GET', secondUrl)).statusCode).toBe(404);
    expect((await call('GET', secondUrl.replace('.png', '-thumb.webp'))).statusCode).toBe(404);
    // A testimonial's profile image is its own call.
    expect((await call('DELETE', `/admin/testimonial/profile-image/999999`, marketing)).statusCode).toBe(404);
  });
});

describe('field permissions', () => {
  it('a field some roles may not read is absent from their answers; writing a field the role may not set is a 400', async () => {
    const hr = await t.tokenFor('HR');
    const created = await call('POST', '/admin/company/add', hr, {
      name: 'Acme Analytics',
      contactName: 'Priya HR',
      contactEmail: 'priya@acme.test',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().contactEmail).toBe('priya@acme.test');

    const asMarketing = (await call('GET', `/admin/company/get/${id}`, marketing)).json();
    expect(asMarketing.name).toBe('Acme Analytics');
    expect(asMarketing).not.toHaveProperty('contactEmail');
    expect(asMarketing).not.toHaveProperty('contactName');
    const hidden = encodeURIComponent(JSON.stringify([{ field: 'contactEmail', operator: 'like', value: 'priya' }]));
    expect((await call('GET', `/admin/company/get?filters=${hidden}`, marketing)).statusCode).toBe(400);

    const sp = await t.tokenFor('STRATEGIC_PARTNERSHIP');
    expect((await call('GET', `/admin/company/get/${id}`, sp)).json().contactEmail).toBe('priya@acme.test');
    const write = await call('PUT', `/admin/company/update/${id}`, sp, { contactEmail: 'x@acme.test', version: 1 });
    expect(write.statusCode).toBe(400);
    expect(write.json().issues).toEqual([
      { path: ['contactEmail'], message: 'Your role cannot change Hiring manager email' },
    ]);
    expect((await call('PUT', `/admin/company/update/${id}`, sp, { city: 'Pune', version: 1 })).statusCode).toBe(200);
  });
});

describe('a module on the engine: Campus Nexa recommendation', () => {
  it('records who recommended and when, versioned and audited; stale copies and other roles are refused', async () => {
    const kam = await t.tokenFor('KEY_ACCOUNT_MANAGER');
    const company = (await call('POST', '/admin/company/add', kam, { name: 'Nexa Partner Co' })).json();
    const res = await call('POST', '/admin/company/campus-nexa/recommend', kam, {
      companyId: company.id,
      recommended: true,
      note: 'Hires freshers every quarter',
      version: company.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      campusNexaRecommended: true,
      campusNexaNote: 'Hires freshers every quarter',
      campusNexaRecommendedAt: expect.any(String),
      version: company.version + 1,
    });
    const stale = await call('POST', '/admin/company/campus-nexa/recommend', kam, {
      companyId: company.id,
      recommended: false,
      version: company.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (
        await call('POST', '/admin/company/campus-nexa/recommend', marketing, {
          companyId: company.id,
          recommended: false,
          version: company.version + 1,
        })
      ).statusCode,
    ).toBe(403);
    const [entry] = (await entries('company', 'update')).filter((e) => e.entityId === String(company.id));
    expect(entry.after).toMatchObject({ campusNexaRecommended: true });
  });
});

describe('bulk import (AI prompts at bulk-add)', () => {
  const upload = (body: Buffer, filename: string, dryRun: boolean, contentType = 'text/csv') =>
    t.call({
      method: 'POST',
      url: `/admin/ai-prompt/bulk-add?dryRun=${dryRun}`,
      token: adminToken,
      ...multipart('file', filename, body, contentType),
    });
  let adminToken: string;
  const promptCount = async () => (await t.db.select().from(aiPrompts)).length;

  it('a dry run reports row by row and writes nothing; a bad row refuses the whole commit; the fixed file adds; again adds nothing', async () => {
    adminToken = await t.tokenFor('ADMIN');
    const csv = (model: string) =>
      Buffer.from(
        `\uFEFFTitle,Model,Interview type,Prompt,Colour\r\n` +
          `"Mock, part 1",gpt-4,Mentor Mock,"Ask about ""closures""\nand scope",blue\r\n` +
          `Résumé screen,${model},,"=HYPERLINK(""http://x"")",red\r\n` +
          `SQL drill,gpt-3.5-turbo,AI Interview,Write a JOIN,green\r\n`,
      );
    const before = await promptCount();
    const dry = await upload(csv('gpt-5'), 'prompts.csv', true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, add: 2, skip: 0, error: 1, ignoredColumns: ['Colour'] });
    expect(dry.json().rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'add'],
      [3, 'error'],
      [4, 'add'],
    ]);
    expect(dry.json().rows[1].issues[0].path).toEqual(['model']);
    expect(await promptCount()).toBe(before);

    const refused = await upload(csv('gpt-5'), 'prompts.csv', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toEqual(['rows', 3, 'model']);
    expect(await promptCount()).toBe(before);

    const ok = await upload(csv('gpt-4'), 'prompts.csv', false);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ dryRun: false, add: 3, error: 0 });
    expect(await promptCount()).toBe(before + 3);
    const rows = await t.db.select().from(aiPrompts);
    expect(rows.find((r) => r.title === 'Mock, part 1')?.prompt).toBe('Ask about "closures"\nand scope');
    // A formula is kept as text, never evaluated.
    expect(rows.find((r) => r.title === 'Résumé screen')?.prompt).toBe('=HYPERLINK("http://x")');
    expect(await entries('aiPrompt', 'import')).toHaveLength(3);

    const again = await upload(csv('gpt-4'), 'prompts.csv', false);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ add: 0, skip: 3 });
    expect(await promptCount()).toBe(before + 3);
  });

  it('reads XLSX too, keeping formula cells as their text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Prompts');
    sheet.addRow(['Title', 'Model', 'Prompt']);
    sheet.addRow(['Spreadsheet prompt', 'gpt-4', 'Plain text']);
    sheet.addRow(['Formula prompt', 'gpt-4', null]);
    sheet.getCell('C3').value = { formula: 'SUM(1,2)', result: 3 } as ExcelJS.CellFormulaValue;
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(
      buf,
      'prompts.xlsx',
      false,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(aiPrompts).where(eq(aiPrompts.title, 'Formula prompt'));
    expect(row.prompt).toBe('=SUM(1,2)');
  });

  it('refuses roles without the import right, and files that are not spreadsheets', async () => {
    const mentor = await t.tokenFor('MENTOR');
    const res = await t.call({
      method: 'POST',
      url: '/admin/ai-prompt/bulk-add?dryRun=true',
      token: mentor,
      ...multipart('file', 'p.csv', Buffer.from('Title\r\nx\r\n'), 'text/csv'),
    });
    expect(res.statusCode).toBe(403);
    const empty = await upload(Buffer.from(''), 'empty.csv', true);
    expect(empty.statusCode).toBe(400);
  });
});

describe("a binding's row check (cards: a button's label and link come together)", () => {
  it('sees the row as it will be written: the input on create, the stored row with the changes on update; nothing is written or audited when it refuses', async () => {
    const add = (payload: object) => call('POST', '/admin/card/add', marketing, payload);
    const refused = await add({ title: 'Half a button', body: 'x', ctaUrl: 'https://cohort.test/go' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: ['ctaLabel'], message: 'Add the label of the button' }]);
    const card = (
      await add({ title: 'Mock week', body: 'Book a slot', ctaLabel: 'Book', ctaUrl: 'https://cohort.test/mock' })
    ).json();
    // The update names only the label; the stored link makes it a whole button, then a half one.
    const relabel = await call('PUT', `/admin/card/update/${card.id}`, marketing, { ctaLabel: 'Book now', version: 1 });
    expect(relabel.json()).toMatchObject({ ctaLabel: 'Book now', version: 2 });
    const half = await call('PUT', `/admin/card/update/${card.id}`, marketing, { ctaLabel: '', version: 2 });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({
      message: 'This card is not valid',
      issues: [{ path: ['ctaLabel'], message: 'Add the label of the button' }],
    });
    expect((await call('GET', `/admin/card/get/${card.id}`, marketing)).json()).toMatchObject({
      ctaLabel: 'Book now',
      version: 2,
    });
    expect((await entries('card', 'update')).length).toBe(1);
    expect((await entries('card', 'create')).length).toBe(1);
  });
});
