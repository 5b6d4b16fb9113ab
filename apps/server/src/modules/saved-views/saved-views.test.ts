import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, savedViews, userPreferences, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 020: saved views on the server, private or shared with roles, on every list.
let t: TestApp;
let admin: string;
let motivator: string;
let hr: string;
let seniorMotivator: string;
let seniorRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  motivator = await t.tokenFor('MOTIVATOR');
  hr = await t.tokenFor('HR');
  // A custom role under MOTIVATOR, and someone who holds it.
  const [senior] = await t.db.insert(roles).values({ name: 'Senior motivator', parentRoleId: 3 }).returning();
  seniorRoleId = senior.id;
  const [person] = await t.db
    .insert(users)
    .values({ name: 'Sam Senior', email: 'senior@test.local', passwordHash: 'x', roleId: senior.id })
    .returning();
  seniorMotivator = await t.createSessionFor(person.id);
});
afterAll(() => t.close());

const add = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/admin/saved-view/add', token, payload });
const list = (token: string, resource = 'user') =>
  t.call({ method: 'GET', url: `/admin/saved-view/get?resource=${encodeURIComponent(resource)}`, token });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/admin/saved-view/update/${id}`, token, payload });
const remove = (token: string, id: number) =>
  t.call({ method: 'DELETE', url: `/admin/saved-view/delete/${id}`, token });
const names = async (token: string, resource = 'user') =>
  ((await list(token, resource)).json().data as { name: string }[]).map((v) => v.name);
const issues = (res: { json: () => { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (res.json().issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const verifiedActive = {
  resource: 'user',
  name: 'Verified, quiet',
  filters: [
    { field: 'isaStatus', operator: '=', value: 'ISA Verified' },
    { field: 'totalPoints', operator: '>=', value: 500 },
    { field: 'tasksSubmittedLast7Days', operator: '=', value: 0 },
  ],
  sort: '-totalPoints',
  q: 'learner',
  size: 50,
  columns: ['name', 'email', 'isaStatus', 'totalPoints'],
};

describe('/admin/saved-view', () => {
  it('saves a view with its filters, sort, search, size and columns, private to its owner', async () => {
    const created = await add(admin, verifiedActive);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...verifiedActive,
      sharedWith: [],
      owner: { name: 'Test Admin' },
      mine: true,
      canDelete: true,
      version: 1,
    });
    expect(await names(admin)).toContain('Verified, quiet');
    expect(await names(motivator)).not.toContain('Verified, quiet');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'savedView'), eq(auditLog.entityId, String(created.json().id))));
    expect(entry).toMatchObject({ action: 'create', actorId: await t.userId('ADMIN') });
  });

  it('shared with MOTIVATOR: motivators and roles below them see it, others do not; only the owner changes it', async () => {
    const created = await add(admin, { ...verifiedActive, name: 'For motivators', sharedWith: [3] });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view.sharedWith).toEqual([{ id: 3, name: 'MOTIVATOR' }]);

    const seen = (await list(motivator)).json().data.find((v: { id: number }) => v.id === view.id);
    expect(seen).toMatchObject({
      name: 'For motivators',
      mine: false,
      canDelete: false,
      owner: { name: 'Test Admin' },
    });
    expect(await names(seniorMotivator)).toContain('For motivators');
    expect(await names(hr)).not.toContain('For motivators');

    // Someone it is shared with cannot change or delete it; someone it is not shared with does not see it.
    const refused = await update(motivator, view.id, { name: 'Mine now', version: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only Test Admin, who saved this view, can change it');
    expect((await remove(seniorMotivator, view.id)).statusCode).toBe(403);
    expect((await update(hr, view.id, { name: 'Mine now', version: 1 })).statusCode).toBe(404);
    expect((await remove(hr, view.id)).statusCode).toBe(404);
    const [row] = await t.db.select().from(savedViews).where(eq(savedViews.id, view.id));
    expect(row).toMatchObject({ name: 'For motivators', version: 1 });

    // The owner changes it: at the version read, audited; a stale version is a 409 with nothing written.
    const renamed = await update(admin, view.id, { name: 'Motivators: quiet ones', sharedWith: [3, 10], version: 1 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Motivators: quiet ones', version: 2 });
    expect(renamed.json().sharedWith.map((r: { id: number }) => r.id)).toEqual([3, 10]);
    expect(await names(hr)).toContain('Motivators: quiet ones');
    const stale = await update(admin, view.id, { name: 'Too late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await names(admin)).not.toContain('Too late');
    const entries = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'savedView'), eq(auditLog.entityId, String(view.id))));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1].before).toMatchObject({ name: 'For motivators', sharedWith: [3] });
    expect(entries[1].after).toMatchObject({ name: 'Motivators: quiet ones', sharedWith: [3, 10] });
  });

  it('a motivator shares with their own role only; ADMIN deletes a shared view someone left behind', async () => {
    const own = await add(motivator, {
      resource: 'user',
      name: 'My follow-ups',
      filters: [{ field: 'followUpStatus', operator: '=', value: 'Follow up' }],
      sharedWith: [3],
    });
    expect(own.statusCode).toBe(201);
    const other = await add(motivator, { resource: 'user', name: 'For HR', sharedWith: [10] });
    expect(other.statusCode).toBe(400);
    expect(issues(other)).toEqual([
      'sharedWith.0: You can share a view only with your own role; ADMIN shares with others',
    ]);
    // The senior motivator may share with their custom role and with MOTIVATOR above it.
    expect(
      (await add(seniorMotivator, { resource: 'user', name: 'Seniors', sharedWith: [seniorRoleId, 3] })).statusCode,
    ).toBe(201);
    expect(await names(seniorMotivator)).toContain('Seniors');
    expect(await names(motivator)).toContain('Seniors');

    const adminSees = (await list(admin)).json().data.find((v: { id: number }) => v.id === own.json().id);
    expect(adminSees).toMatchObject({ mine: false, canDelete: true });
    expect((await update(admin, own.json().id, { name: 'x', version: 1 })).statusCode).toBe(403);
    expect((await remove(admin, own.json().id)).statusCode).toBe(200);
    expect(await names(motivator)).not.toContain('My follow-ups');
    // A private view of someone else's stays theirs, ADMIN included.
    const privateOne = await add(motivator, { resource: 'user', name: 'Private' });
    expect((await remove(admin, privateOne.json().id)).statusCode).toBe(404);
    expect((await remove(motivator, privateOne.json().id)).statusCode).toBe(200);
  });

  it('refuses bad input field by field, in words for people, and writes nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(savedViews);
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['no name', { resource: 'user', name: '  ' }, ['name: Name the view']],
      ['unknown list', { resource: 'nope', name: 'x' }, ['resource: There is no list "nope"']],
      [
        'unknown filter field',
        { resource: 'user', name: 'x', filters: [{ field: 'shoeSize', operator: '=', value: 3 }] },
        ['filters.0.field: Unknown filter field "shoeSize"'],
      ],
      [
        'unknown sort',
        { resource: 'user', name: 'x', sort: 'shoeSize' },
        ['sort: This list cannot be sorted by "shoeSize"'],
      ],
      [
        'unknown column',
        { resource: 'user', name: 'x', columns: ['name', 'shoeSize'] },
        ['columns.1: Learners have no column "shoeSize"'],
      ],
      [
        'a field only the record shows',
        { resource: 'user', name: 'x', columns: ['name', 'cibilReport'] },
        ["columns.1: CIBIL report is shown on the record's page, not in the list"],
      ],
      ['no such role', { resource: 'user', name: 'x', sharedWith: [99999] }, ['sharedWith.0: There is no role 99999']],
      [
        'learners',
        { resource: 'user', name: 'x', sharedWith: [2] },
        ["sharedWith.0: USER is a learners' role: they do not use the console"],
      ],
      [
        'a role that cannot open the list',
        { resource: 'user', name: 'x', sharedWith: [4] },
        ['sharedWith.0: MARKETING cannot open learners'],
      ],
      ['page size', { resource: 'user', name: 'x', size: 1000 }, ['size: Choose 10, 14, 50 or 100 rows a page']],
    ];
    for (const [what, payload, expected] of cases) {
      const res = await add(admin, payload);
      expect(res.statusCode, what).toBe(400);
      for (const e of expected) expect(issues(res), what).toContain(e);
    }
    // A column the role may not read (CIBIL score is the negotiators').
    const cibil = await add(motivator, { resource: 'user', name: 'x', columns: ['name', 'cibilScore'] });
    expect(cibil.statusCode).toBe(400);
    expect(issues(cibil)).toEqual(['columns.1: Your role cannot read CIBIL score']);
    // A list the role cannot open.
    expect((await add(await t.tokenFor('MARKETING'), { resource: 'user', name: 'x' })).statusCode).toBe(400);
    expect((await list(await t.tokenFor('MARKETING'), 'user')).statusCode).toBe(400);
    // The same name twice on one list is a 409; on another list it is fine.
    expect((await add(admin, { resource: 'user', name: 'VERIFIED, QUIET' })).statusCode).toBe(409);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(savedViews);
    expect(after[0].n).toBe(before[0].n);
    expect((await add(admin, { resource: 'blog', name: 'Verified, quiet' })).statusCode).toBe(201);
    expect(
      (await t.call({ method: 'GET', url: '/admin/saved-view/get?resource=user', token: await t.tokenFor('USER') }))
        .statusCode,
    ).toBe(403);
  });

  it('works on every list: a marketer keeps views of blogs', async () => {
    const marketing = await t.tokenFor('MARKETING');
    const res = await add(marketing, {
      resource: 'blog',
      name: 'Live',
      filters: [{ field: 'status', operator: '=', value: 'Live' }],
      sort: '-createdAt',
      columns: ['title', 'status'],
      sharedWith: [4],
    });
    expect(res.statusCode).toBe(201);
    expect(await names(marketing, 'blog')).toContain('Live');
    expect(await names(admin, 'blog')).toContain('Live');
  });

  it('two saves of the same name at once: one is kept, the other is a 409', async () => {
    const token = await t.tokenFor('NEGOTIATOR');
    const [a, b] = await Promise.all([
      add(token, { resource: 'user', name: 'Race' }),
      add(token, { resource: 'user', name: 'Race' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await names(token)).filter((n) => n === 'Race')).toHaveLength(1);
  });

  it('migration 0017 moves views kept in preferences to the table, private to their owner', async () => {
    const hrId = await t.userId('HR');
    await t.db.insert(userPreferences).values({
      userId: hrId,
      preferences: {
        theme: 'dark',
        lists: {
          learners: {
            size: 50,
            views: [
              {
                name: 'Placed',
                filters: [{ field: 'alreadyPlaced', operator: '=', value: true }],
                sort: '-totalPoints',
                size: 14,
              },
              { name: ' ' },
            ],
          },
          blogs: { views: [{ name: 'All blogs', q: 'react' }] },
          'not-a-list': { views: [{ name: 'Lost' }] },
        },
      },
    });
    const file = fs.readFileSync(path.join(__dirname, '../../db/migrations/0017_saved_views.sql'), 'utf8');
    const statements = file.split('--> statement-breakpoint').slice(-2);
    for (const s of statements) await t.db.execute(sql.raw(s));
    const moved = await t.db
      .select({
        resource: savedViews.resource,
        name: savedViews.name,
        filters: savedViews.filters,
        sort: savedViews.sort,
        q: savedViews.q,
        size: savedViews.size,
      })
      .from(savedViews)
      .where(eq(savedViews.ownerId, hrId))
      .orderBy(savedViews.name);
    expect(moved).toEqual([
      { resource: 'blog', name: 'All blogs', filters: [], sort: null, q: 'react', size: null },
      {
        resource: 'user',
        name: 'Placed',
        filters: [{ field: 'alreadyPlaced', operator: '=', value: true }],
        sort: '-totalPoints',
        q: null,
        size: 14,
      },
    ]);
    const [prefs] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, hrId));
    expect(prefs.preferences).toEqual({
      theme: 'dark',
      lists: { learners: { size: 50 }, blogs: {}, 'not-a-list': {} },
    });
    expect(await names(hr)).toContain('Placed');
  });
});
