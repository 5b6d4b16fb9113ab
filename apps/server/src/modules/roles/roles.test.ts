import { eq } from 'drizzle-orm';
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
    const remove = await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: sub.json().id, userId: learner.id },
    });
    expect(remove.json().roleId).toBe(senior.id);
    expect((await t.call({ method: 'DELETE', url: `/admin/role/delete/${senior.id}`, token: admin })).statusCode).toBe(
      409,
    );
    await t.call({
      method: 'POST',
      url: '/admin/role/remove-user',
      token: admin,
      payload: { roleId: senior.id, userId: learner.id },
    });
    expect(
      (await t.call({ method: 'DELETE', url: `/admin/role/delete/${sub.json().id}`, token: admin })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/admin/role/delete/${senior.id}`, token: admin })).statusCode).toBe(
      200,
    );
    const [after] = await t.db.select().from(users).where(eq(users.id, learner.id));
    expect(after.roleId).toBe(5);
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

  it('keeps staff attendance per day', async () => {
    const mentorId = await t.userId('MENTOR');
    const hr = await t.tokenFor('HR');
    const mark = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: hr,
      payload: { userId: mentorId, date: '2026-11-20', status: 'Present' },
    });
    expect(mark.statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token: hr,
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
          token: hr,
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
          token: hr,
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
  });
});
