import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let mentor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  mentor = await t.tokenFor('MENTOR');
});
afterAll(() => t.close());

describe('/admin/role/*', () => {
  it('lists the ten built-in roles with the spec ids and names', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/role/get', token: mentor });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().data.map((r: { id: number; name: string }) => [r.id, r.name]));
    expect(byId).toMatchObject({
      1: 'ADMIN',
      2: 'USER',
      3: 'MOTIVATOR',
      4: 'MARKETING',
      5: 'MENTOR',
      6: 'STRATEGIC PARTNERSHIP',
      7: 'KEY ACCOUNT MANAGER',
      8: 'NEGOTIATOR',
      9: 'COLLEGE_ADMIN',
      10: 'HR',
    });
    expect(
      (await t.call({ method: 'GET', url: '/admin/role/get', token: await t.tokenFor('MARKETING') })).statusCode,
    ).toBe(403);
  });

  it('lists the users of a role, paginated', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/role/users?roleId=2&page_size=3', token: admin, page: 1 });
    expect(res.json().totalItems).toBe(5);
    expect(res.json().data).toHaveLength(3);
    expect(res.json().data[0].passwordHash).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/admin/role/users?roleId=abc', token: admin })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/admin/role/users?roleId=555', token: admin })).statusCode).toBe(404);
  });

  it('creates a role on a built-in base and a sub-role; members get the base permissions', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      token: admin,
      payload: { name: 'Senior Mentor', baseRoleId: 5 },
    });
    expect(created.statusCode).toBe(201);
    const senior = created.json();
    expect(senior.id).toBeGreaterThanOrEqual(100);
    const sub = await t.call({
      method: 'POST',
      url: '/admin/role/sub-role',
      token: admin,
      payload: { name: 'Mentor Lead', parentRoleId: senior.id },
    });
    expect(sub.statusCode).toBe(201);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/create',
          token: admin,
          payload: { name: 'senior mentor', baseRoleId: 5 },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/create',
          token: admin,
          payload: { name: 'X', baseRoleId: senior.id },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/admin/role/create', token: admin, payload: { name: 'Y', baseRoleId: 2 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/admin/role/create', token: admin, payload: { name: '' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/create',
          token: mentor,
          payload: { name: 'Z', baseRoleId: 5 },
        })
      ).statusCode,
    ).toBe(403);

    // A learner moved into the sub-role gets mentor permissions (events: yes, blogs: no).
    const [learner] = await t.db.select().from(users).where(eq(users.email, 'l3@test.local'));
    const add = await t.call({
      method: 'POST',
      url: '/admin/role/add-user',
      token: admin,
      payload: { roleId: sub.json().id, userId: learner.id },
    });
    expect(add.statusCode).toBe(200);
    const { createSession } = await import('../../platform/sessions');
    const token = await createSession(t.db, t.config, learner.id);
    expect((await t.call({ method: 'GET', url: '/admin/event/get', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token })).json().user.role).toBe('Mentor Lead');

    // Deleting needs the role empty and without sub-roles.
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/role/delete/${sub.json().id}`, token: admin })).statusCode,
    ).toBe(409);
    // A seeded member of the sub-role has no recorded earlier role: removing goes to the parent role.
    const [seeded] = await t.db.select().from(users).where(eq(users.email, 'l4@test.local'));
    await t.db.update(users).set({ roleId: sub.json().id }).where(eq(users.id, seeded.id));
    const toParent = await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: sub.json().id, userId: seeded.id },
    });
    expect(toParent.json().roleId).toBe(senior.id);
    expect((await t.call({ method: 'DELETE', url: `/admin/role/delete/${senior.id}`, token: admin })).statusCode).toBe(
      409,
    );
    await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: senior.id, userId: seeded.id },
    });
    // The learner was a USER before the sub-role: removing them makes them a USER again.
    const remove = await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: sub.json().id, userId: learner.id },
    });
    expect(remove.json().roleId).toBe(2);
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/role/delete/${sub.json().id}`, token: admin })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/admin/role/delete/${senior.id}`, token: admin })).statusCode).toBe(
      200,
    );
    expect((await t.db.select().from(users).where(eq(users.id, learner.id)))[0].roleId).toBe(2);
    expect((await t.db.select().from(users).where(eq(users.id, seeded.id)))[0].roleId).toBe(5);
  });

  it('removing a person from a role returns them to the role they held before, and the audit names both', async () => {
    const custom = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      token: admin,
      payload: { name: 'Night Mentor', baseRoleId: 5 },
    });
    const roleId = custom.json().id as number;
    const motivatorId = await t.userId('MOTIVATOR');
    const add = await t.call({
      method: 'POST',
      url: '/admin/role/add-user',
      token: admin,
      payload: { roleId, userId: motivatorId },
    });
    expect(add.json().roleId).toBe(roleId);
    const remove = await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId, userId: motivatorId },
    });
    expect(remove.statusCode).toBe(200);
    // Not the custom role's MENTOR base: the MOTIVATOR they were.
    expect(remove.json().roleId).toBe(3);
    const entries = await t.db.execute<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where entity = 'user' and entity_id = ${String(motivatorId)} order by id`,
    );
    const rows = (entries as unknown as { rows: { before: unknown; after: unknown }[] }).rows ?? entries;
    expect((rows as { before: unknown; after: unknown }[]).slice(-2)).toEqual([
      { before: { roleId: 3, role: 'MOTIVATOR' }, after: { roleId, role: 'Night Mentor', via: 'add-user' } },
      { before: { roleId, role: 'Night Mentor' }, after: { roleId: 3, role: 'MOTIVATOR', via: 'remove-user' } },
    ]);
    await t.call({ method: 'DELETE', url: `/admin/role/delete/${roleId}`, token: admin });
  });

  it('updates a custom role with its version; built-ins keep their names and cannot be deleted', async () => {
    const role = (
      await t.call({
        method: 'POST',
        url: '/admin/role/create',
        token: admin,
        payload: { name: 'Recruiter', baseRoleId: 10 },
      })
    ).json();
    const ok = await t.call({
      method: 'PUT',
      url: `/admin/role/update/${role.id}`,
      token: admin,
      payload: { name: 'Recruiter II', version: 1 },
    });
    expect(ok.json()).toMatchObject({ name: 'Recruiter II', version: 2 });
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/admin/role/update/${role.id}`,
          token: admin,
          payload: { name: 'Stale', version: 1 },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/admin/role/update/1',
          token: admin,
          payload: { name: 'BOSS', version: 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/admin/role/update/1',
          token: admin,
          payload: { description: 'Runs it all', version: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/admin/role/delete/5', token: admin })).statusCode).toBe(400);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/admin/role/update/${role.id}`,
          token: admin,
          payload: { version: 2, builtIn: true },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses to remove the last admin, or a user from a role they do not hold', async () => {
    const adminId = await t.userId('ADMIN');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/remove-user',
          token: admin,
          payload: { roleId: 1, userId: adminId },
        })
      ).statusCode,
    ).toBe(409);
    const hrId = await t.userId('HR');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/remove-user',
          token: admin,
          payload: { roleId: 1, userId: hrId },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/add-user',
          token: admin,
          payload: { roleId: 10, userId: hrId },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('keeps staff attendance per day: ADMIN marks, the leads read', async () => {
    const mentorId = await t.userId('MENTOR');
    const hr = await t.tokenFor('HR');
    const mark = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: admin,
      payload: { userId: mentorId, date: '2026-11-20', status: 'Present' },
    });
    expect(mark.statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: admin,
      payload: { userId: mentorId, date: '2026-11-20', status: 'Absent', note: 'Sick' },
    });
    expect(again.json()).toMatchObject({ status: 'Absent', version: 2 });
    const day = await t.call({ method: 'GET', url: '/admin/role/attendance?roleId=5&date=2026-11-20', token: hr });
    expect(day.json().data.find((u: { id: number }) => u.id === mentorId)).toMatchObject({
      attendance: 'Absent',
      note: 'Sick',
    });
    const other = await t.call({ method: 'GET', url: '/admin/role/attendance?roleId=5&date=2026-11-21', token: hr });
    expect(other.json().data[0].attendance).toBeNull();
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/attendance',
          token: admin,
          payload: { userId: mentorId, date: '20-11-2026', status: 'Maybe' },
        })
      )
        .json()
        .issues.map((i: { path: string[] }) => i.path[0]),
    ).toEqual(['date', 'status']);
    const [learner] = await t.db.select().from(users).where(eq(users.email, 'l1@test.local'));
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/attendance',
          token: admin,
          payload: { userId: learner.id, date: '2026-11-20', status: 'Present' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/role/attendance',
          token: await t.tokenFor('MARKETING'),
          payload: { userId: mentorId, date: '2026-11-20', status: 'Present' },
        })
      ).statusCode,
    ).toBe(403);
    // A lead reads the marks but does not make them (decision 030): the mark stays as ADMIN left it.
    const byLead = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: hr,
      payload: { userId: mentorId, date: '2026-11-20', status: 'Present' },
    });
    expect(byLead.statusCode).toBe(403);
    const still = await t.call({ method: 'GET', url: '/admin/role/attendance?roleId=5&date=2026-11-20', token: hr });
    expect(still.json().data.find((u: { id: number }) => u.id === mentorId)).toMatchObject({ attendance: 'Absent' });
  });

  it('refuses ADMIN marking themselves, and writes nothing', async () => {
    const adminId = await t.userId('ADMIN');
    const res = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: admin,
      payload: { userId: adminId, date: '2026-11-22', status: 'Present' },
    });
    expect(res.statusCode).toBe(403);
    const day = await t.call({ method: 'GET', url: '/admin/role/attendance?roleId=1&date=2026-11-22', token: admin });
    expect(day.json().data.find((u: { id: number }) => u.id === adminId)).toMatchObject({ attendance: null });
  });
});

describe('hostile input on the role calls (issue 6)', () => {
  it('renaming a role to an existing name is a 409, not a 500', async () => {
    const create = (name: string) =>
      t.call({ method: 'POST', url: '/admin/role/create', token: admin, payload: { name, baseRoleId: 5 } });
    const a = (await create('Rename Source')).json();
    await create('Rename Target');
    const res = await t.call({
      method: 'PUT',
      url: `/admin/role/update/${a.id}`,
      token: admin,
      payload: { name: 'rename target', version: a.version },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That name is already in use', code: 'CONFLICT' });
  });

  it('ids and page numbers are plain decimal integers within range; anything else is a 400', async () => {
    for (const url of [
      '/admin/role/users?roleId=0x10',
      '/admin/role/users?roleId=1.0',
      '/admin/role/users?roleId=%201',
    ]) {
      expect((await t.call({ method: 'GET', url, token: admin })).statusCode, url).toBe(400);
    }
    expect(
      (await t.call({ method: 'GET', url: '/admin/role/users?roleId=99999999999', token: admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/admin/role/users?roleId=2&page_size=1e2', token: admin })).statusCode,
    ).toBe(400);
    for (const page of ['1e20', '0', '-1', '1.5', '0x2']) {
      const res = await t.call({
        method: 'GET',
        url: '/admin/role/users?roleId=2',
        token: admin,
        headers: { page_num: page },
      });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().issues[0].path).toEqual(['page_num']);
    }
    expect((await t.call({ method: 'DELETE', url: '/admin/role/delete/2147483648', token: admin })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call({ method: 'PUT', url: '/admin/role/update/1e3', token: admin, payload: { version: 1 } }))
        .statusCode,
    ).toBe(400);
  });

  it('text with a NUL character and integers beyond int4 in a body are a 400 naming the field', async () => {
    const nul = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      token: admin,
      payload: { name: 'Nul Role', description: 'a\u0000b', baseRoleId: 5 },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toEqual([{ path: ['description'], message: expect.stringMatching(/NUL/) }]);
    const big = await t.call({
      method: 'POST',
      url: '/admin/role/add-user',
      token: admin,
      payload: { roleId: 5, userId: 3_000_000_000 },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().issues[0].path).toEqual(['userId']);
  });
});

describe('the last admin under concurrency (issue 6, finding 3)', () => {
  it('two admins demoting each other at the same moment: one succeeds, one ADMIN remains', async () => {
    const [second] = await t.db
      .insert(users)
      .values({ name: 'Second Admin', email: 'admin2@test.local', passwordHash: 'x', roleId: 1 })
      .returning();
    const first = await t.userId('ADMIN');
    const secondToken = await t.createSessionFor(second.id);
    // Make the two requests overlap for certain: a transaction of the test holds the audit log,
    // so each demotion stops at its audit entry, after its last-admin check, until released.
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table audit_log in exclusive mode`);
      locked();
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await isLocked;
    const demote = (token: string, userId: number) =>
      t.call({ method: 'POST', url: '/admin/role/remove-user', token, payload: { roleId: 1, userId } });
    const both = Promise.all([demote(admin, second.id), demote(secondToken, first)]);
    if (t.kind === 'postgres') {
      // Wait until both requests are inside their transactions, waiting on a lock.
      for (let i = 0; i < 100; i++) {
        const waiting = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        const rows = 'rows' in waiting ? waiting.rows : (waiting as unknown as { n: number }[]);
        if (rows[0].n >= 2) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    release();
    await holder;
    const [a, b] = await both;
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const admins = await t.db.select().from(users).where(eq(users.roleId, 1));
    expect(admins).toHaveLength(1);
    // Put things back for the other tests of this file.
    await t.db.update(users).set({ roleId: 1 }).where(eq(users.id, first));
  });
});
