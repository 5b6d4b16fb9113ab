import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// The learner list's screen calls in the order the console makes them (decision 020): a saved
// view's state drives the list, rows chosen on two pages go to a bulk call by id, "all that
// match" sends the view's filters, and the export writes the view's columns.
let t: TestApp;
let admin: string;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Quiet Verified ${String(i + 1).padStart(2, '0')}`,
        email: `quiet${i + 1}@test.local`,
        passwordHash: 'x',
        roleId: 2,
        isaStatus: 'ISA Verified',
        totalPoints: 500 + i * 10,
      })),
    )
    .returning({ id: users.id });
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());

const view = {
  resource: 'user',
  name: 'Verified with points',
  filters: [
    { field: 'isaStatus', operator: '=', value: 'ISA Verified' },
    { field: 'totalPoints', operator: '>=', value: 500 },
    { field: 'tasksSubmittedLast7Days', operator: '=', value: 0 },
  ],
  sort: 'name',
  size: 10,
  columns: ['name', 'email', 'totalPoints'],
  sharedWith: [3],
};

describe('a saved view drives the list, the bulk calls and the export', () => {
  it('chosen rows across pages by id, every match by the filters, the export with the view columns', async () => {
    const saved = (await t.call({ method: 'POST', url: '/admin/saved-view/add', token: admin, payload: view })).json();
    const query = (page: number) =>
      t.call({
        method: 'GET',
        url: `/admin/user/all?filters=${encodeURIComponent(JSON.stringify(saved.filters))}&sort=${saved.sort}&page_size=${saved.size}&columns=${saved.columns.join(',')}`,
        token: admin,
        page,
      });
    const first = (await query(1)).json();
    expect(first.totalItems).toBe(30);
    const second = (await query(2)).json();
    const chosen = [...first.data.slice(0, 3), ...second.data.slice(0, 2)].map((r: { id: number }) => r.id);

    // Rows chosen on two pages: the owner goes to exactly them.
    const owner = await t.userId('HR');
    const byId = await t.call({
      method: 'POST',
      url: '/admin/user/owner/add-multiple',
      token: admin,
      payload: { ownerId: owner, userIds: chosen },
    });
    expect(byId.json()).toEqual({ updated: 5, unchanged: 0 });
    const owned = await t.db.select({ id: users.id }).from(users).where(eq(users.ownerId, owner));
    expect(owned.map((r) => r.id).sort()).toEqual([...chosen].sort());
    const entries = await t.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assignOwner'), inArray(auditLog.entityId, chosen.map(String))));
    expect(entries).toHaveLength(5);

    // "Select all 30 that match": the view's filters, as the list sent them.
    const all = await t.call({
      method: 'POST',
      url: '/admin/user/motivator/add-multiple',
      token: admin,
      payload: { motivatorId: await t.userId('MOTIVATOR'), filters: JSON.stringify(saved.filters) },
    });
    expect(all.json()).toEqual({ updated: 30, unchanged: 0 });
    const status = await t.call({
      method: 'POST',
      url: '/admin/user/status/update-multiple',
      token: admin,
      payload: { userStatus: 'Inactive', filters: JSON.stringify(saved.filters) },
    });
    expect(status.json()).toEqual({ updated: 30, unchanged: 0 });
    expect(
      (await t.db.select({ s: users.userStatus }).from(users).where(inArray(users.id, ids))).every(
        (r) => r.s === 'Inactive',
      ),
    ).toBe(true);

    // The export: the view's columns, in order, every match.
    const csv = await t.call({
      method: 'GET',
      url: `/admin/user/download-csv?filters=${encodeURIComponent(JSON.stringify(saved.filters))}&sort=name&columns=${saved.columns.join(',')}`,
      token: admin,
    });
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Name,Email,Total points');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe('Quiet Verified 01,quiet1@test.local,500');

    // The motivator it is shared with sees the view, and now these learners are theirs.
    const motivator = await t.tokenFor('MOTIVATOR');
    const theirs = (
      await t.call({ method: 'GET', url: '/admin/saved-view/get?resource=user', token: motivator })
    ).json();
    expect(theirs.data.map((v: { name: string }) => v.name)).toContain('Verified with points');
    const inView = await t.call({
      method: 'GET',
      url: `/admin/user/all?filters=${encodeURIComponent(JSON.stringify(saved.filters))}`,
      token: motivator,
    });
    expect(inView.json().totalItems).toBe(30);
  });
});
