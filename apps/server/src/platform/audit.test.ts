import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let marketing: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  marketing = await t.tokenFor('MARKETING');
  for (const title of ['One', 'Two', 'Three']) {
    await t.call({ method: 'POST', url: '/admin/blog/add', token: marketing, payload: { title, content: 'x' } });
  }
  await t.call({
    method: 'POST',
    url: '/admin/event/add',
    token: admin,
    payload: { title: 'E', startsAt: '2026-12-01T10:00:00Z' },
  });
});
afterAll(() => t.close());

const q = (f: unknown) => `/admin/audit/get?filters=${encodeURIComponent(JSON.stringify(f))}`;

describe('GET /admin/audit/get', () => {
  it('lists entries newest first, paginated, for ADMIN only', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/audit/get?page_size=2', token: admin, page: 1 });
    expect(res.statusCode).toBe(200);
    const { data, totalItems } = res.json();
    expect(totalItems).toBe(4);
    expect(data).toHaveLength(2);
    expect(data[0].id).toBeGreaterThan(data[1].id);
    expect(data[0]).toMatchObject({ action: 'create', entity: 'event', actorName: 'Test Admin' });
    expect((await t.call({ method: 'GET', url: '/admin/audit/get', token: marketing })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/admin/audit/get/${data[0].id}`, token: admin })).json().after.title,
    ).toBe('E');
  });

  it('filters by entity, entity id, actor and date', async () => {
    const mId = await t.userId('MARKETING');
    const byEntity = (
      await t.call({ method: 'GET', url: q([{ field: 'entity', operator: '=', value: 'blog' }]), token: admin })
    ).json();
    expect(byEntity.totalItems).toBe(3);
    const oneId = byEntity.data.at(-1).entityId;
    const byEntityId = (
      await t.call({
        method: 'GET',
        url: q([
          { field: 'entity', operator: '=', value: 'blog' },
          { field: 'entityId', operator: '=', value: oneId },
        ]),
        token: admin,
      })
    ).json();
    expect(byEntityId.data).toHaveLength(1);
    // A list leaves the before/after JSON out (it can hold a whole record, decision 021); the read has it.
    expect(byEntityId.data[0]).not.toHaveProperty('after');
    const entry = await t.call({ method: 'GET', url: `/admin/audit/get/${byEntityId.data[0].id}`, token: admin });
    expect(entry.json().after.title).toBe('One');
    expect(
      (await t.call({ method: 'GET', url: q([{ field: 'actorId', operator: '=', value: mId }]), token: admin })).json()
        .totalItems,
    ).toBe(3);
    expect(
      (
        await t.call({
          method: 'GET',
          url: q([{ field: 'createdAt', operator: '>=', value: '2099-01-01T00:00:00Z' }]),
          token: admin,
        })
      ).json().totalItems,
    ).toBe(0);
    expect(
      (
        await t.call({
          method: 'GET',
          url: q([{ field: 'createdAt', operator: '<', value: '2099-01-01T00:00:00Z' }]),
          token: admin,
        })
      ).json().totalItems,
    ).toBe(4);
    expect(
      (await t.call({ method: 'GET', url: q([{ field: 'before', operator: '=', value: 'x' }]), token: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('offers no call that edits or deletes entries', () => {
    const auditRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/admin/audit'));
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
  });

  it('the database itself refuses UPDATE, DELETE and TRUNCATE on the log', async () => {
    await expect(t.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await t.db.select().from(auditLog)).every((e) => e.action !== 'forged')).toBe(true);
  });
});
