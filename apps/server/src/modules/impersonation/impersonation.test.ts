import { roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { sha256 } from '../../platform/tokens';
import { TEST_PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * POST /admin/user/impersonate and /stop (decision 015): ADMIN only, learners only, a reason,
 * a short session of the learner's that reaches nothing under /admin, its writes audited with
 * the admin behind them, and start and stop on the learner's trail.
 */
const ADMIN_ROLE = roleByKey('ADMIN')!.id;
let t: TestApp;
let admin: string;
let learnerOne: number;
const learner = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;
const start = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/admin/user/impersonate', token, payload });
const stop = (token: string, impersonation: string) =>
  t.call({ method: 'POST', url: '/admin/user/impersonate/stop', token, payload: { token: impersonation } });

beforeAll(async () => {
  t = await createTestApp({ IMPERSONATION_MINUTES: 15 });
  admin = await t.tokenFor('ADMIN');
  learnerOne = await learner('l1@test.local');
});
afterAll(() => t.close());

describe('starting an impersonation', () => {
  it('gives an admin a 15-minute session of the learner, audited with the reason', async () => {
    const before = Date.now();
    const res = await start(admin, { userId: learnerOne, reason: 'Learner reports a blank dashboard' });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const minutes = (new Date(expiresAt).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15.1);

    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, learnerOne));
    expect(session).toMatchObject({ impersonatorId: await t.userId('ADMIN'), revokedAt: null });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'impersonate'));
    expect(entry).toMatchObject({
      actorId: await t.userId('ADMIN'),
      entity: 'user',
      entityId: String(learnerOne),
      subjectUserId: learnerOne,
    });
    expect(entry.after).toMatchObject({ reason: 'Learner reports a blank dashboard', sessionId: session.id });

    // Who the token is: the learner, acted as by the admin.
    const who = await t.call({ method: 'GET', url: '/auth/session', token });
    expect(who.statusCode).toBe(200);
    expect(who.json().user).toMatchObject({
      id: learnerOne,
      role: 'USER',
      impersonatedBy: { id: await t.userId('ADMIN'), name: 'Test Admin' },
    });
  });

  it('acts as the learner: nothing under /admin, no impersonating from it', async () => {
    const { token } = (await start(admin, { userId: learnerOne, reason: 'Check access' })).json();
    for (const [method, url] of [
      ['GET', '/admin/user/get'],
      ['GET', '/admin/audit/get'],
      ['GET', `/admin/user/history?userId=${learnerOne}`],
      ['GET', '/admin/auth/session'],
    ] as const) {
      expect((await t.call({ method, url, token })).statusCode, url).toBe(403);
    }
    const again = await start(token, { userId: await learner('l2@test.local'), reason: 'Chain' });
    expect(again.statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, await learner('l2@test.local'))),
    ).toEqual([]);
  });

  it('refuses bad input field by field, staff targets, unknown ids and other roles', async () => {
    const noReason = await start(admin, { userId: learnerOne, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([{ path: ['reason'], message: 'Say why you need to act as this learner' }]);
    const nothing = await start(admin, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().issues).toEqual([
      { path: ['userId'], message: 'Choose a learner' },
      { path: ['reason'], message: 'Say why you need to act as this learner' },
    ]);
    expect((await start(admin, { userId: learnerOne, reason: 'x', token: 'y' })).json().issues).toEqual([
      { path: ['token'], message: 'Unknown field' },
    ]);

    for (const role of ['ADMIN', 'MENTOR', 'HR'] as const) {
      const staff = await start(admin, { userId: await t.userId(role), reason: 'Curious' });
      expect(staff.statusCode, role).toBe(400);
      expect(staff.json().issues).toEqual([
        { path: ['userId'], message: 'This is a staff account: only learners can be impersonated' },
      ]);
    }
    expect((await start(admin, { userId: 999_999, reason: 'Gone' })).statusCode).toBe(404);

    for (const role of ['MOTIVATOR', 'HR', 'NEGOTIATOR', 'USER'] as const) {
      const res = await start(await t.tokenFor(role), { userId: learnerOne, reason: 'Let me in' });
      expect(res.statusCode, role).toBe(403);
    }
    const staffSessions = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, await t.userId('MENTOR'))));
    expect(staffSessions.filter((s) => s.impersonatorId !== null)).toEqual([]);
  });

  it('refuses an inactive learner', async () => {
    const three = await learner('l3@test.local');
    await t.db.update(users).set({ userStatus: 'Inactive' }).where(eq(users.id, three));
    const res = await start(admin, { userId: three, reason: 'Why inactive?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['userId']);
    await t.db.update(users).set({ userStatus: 'Active' }).where(eq(users.id, three));
  });
});

describe('writes made while impersonating', () => {
  it('are audited with the admin behind them', async () => {
    const { token } = (await start(admin, { userId: learnerOne, reason: 'Reproduce a logout bug' })).json();
    // The one write a learner's session makes in this API: ending itself.
    const res = await t.call({ method: 'POST', url: '/auth/logout', token });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(entry).toMatchObject({ actorId: learnerOne, impersonatorId: await t.userId('ADMIN') });
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(401);
  });
});

describe('stopping an impersonation', () => {
  it('revokes the session with the admin’s own token, audited; stopping again changes nothing', async () => {
    const { token } = (await start(admin, { userId: learnerOne, reason: 'Short look' })).json();
    const res = await stop(admin, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You are no longer acting as this learner');
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(401);
    const stops = await t.db.select().from(auditLog).where(eq(auditLog.action, 'stopImpersonation'));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ actorId: await t.userId('ADMIN'), subjectUserId: learnerOne });

    expect((await stop(admin, token)).json().message).toBe('The impersonation had already ended');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'stopImpersonation'))).toHaveLength(1);
  });

  it('another admin cannot end it, and a token that is no impersonation is not found', async () => {
    const { token } = (await start(admin, { userId: learnerOne, reason: 'Mine' })).json();
    const [other] = await t.db
      .insert(users)
      .values({ name: 'Second Admin', email: 'admin2@test.local', passwordHash: 'x', roleId: 1 })
      .returning();
    const otherToken = await t.createSessionFor(other.id);
    expect((await stop(otherToken, token)).statusCode).toBe(404);
    expect((await stop(admin, await t.tokenFor('HR'))).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(200);
    expect((await stop(admin, '')).statusCode).toBe(400);
  });

  it('ends by itself when the admin behind it is no longer an active admin', async () => {
    const [second] = await t.db
      .insert(users)
      .values({ name: 'Third Admin', email: 'admin3@test.local', passwordHash: 'x', roleId: 1 })
      .returning();
    const { token } = (await start(await t.createSessionFor(second.id), { userId: learnerOne, reason: 'x' })).json();
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(200);
    await t.db.update(users).set({ roleId: 3 }).where(eq(users.id, second.id));
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(401);
  });

  it('ends by itself when the learner becomes staff: it never carries staff rights', async () => {
    const two = await learner('l2@test.local');
    const { token } = (await start(admin, { userId: two, reason: 'Before the promotion' })).json();
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(200);
    await t.db.update(users).set({ roleId: 5 }).where(eq(users.id, two));
    expect((await t.call({ method: 'GET', url: '/auth/session', token })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/dashboard/stats', token })).statusCode).toBe(401);
  });
});

describe('an impersonation ends with the admin session that started it (issue 16, finding 5)', () => {
  /** A new active admin with the fixtures' password, and a session of theirs. */
  async function newAdmin(email: string) {
    const [row] = await t.db
      .insert(users)
      .values({ name: email, email, passwordHash: await hashPassword(TEST_PASSWORD), roleId: ADMIN_ROLE })
      .returning();
    return { id: row.id, token: await t.createSessionFor(row.id) };
  }
  const whoAmI = (token: string) => t.call({ method: 'GET', url: '/auth/session', token });
  const impersonate = async (token: string) => {
    const res = await start(token, { userId: learnerOne, reason: 'Check what the learner sees' });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const revokedAt = async (token: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
    )[0].revokedAt;

  it('the admin logs out: their impersonation is refused (401); their other session and its impersonation go on', async () => {
    const a = await newAdmin('admin-logout@test.local');
    const other = await t.createSessionFor(a.id);
    const mine = await impersonate(a.token);
    const theirs = await impersonate(other);
    expect((await t.call({ method: 'POST', url: '/admin/logout', token: a.token })).statusCode).toBe(200);
    const refused = await whoAmI(mine);
    expect(refused.statusCode).toBe(401);
    expect(await revokedAt(mine)).not.toBeNull();
    expect((await whoAmI(theirs)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: other })).statusCode).toBe(200);
    expect((await whoAmI(admin)).statusCode).toBe(200);
  });

  it('an impersonation started while its admin session logs out does not outlive it', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newAdmin(`admin-race-${round}@test.local`);
      const [started, out] = await Promise.all([
        start(a.token, { userId: learnerOne, reason: 'Racing a logout' }),
        t.call({ method: 'POST', url: '/admin/logout', token: a.token }),
      ]);
      expect(out.statusCode).toBe(200);
      expect([200, 401]).toContain(started.statusCode);
      if (started.statusCode === 200) expect((await whoAmI(started.json().token)).statusCode).toBe(401);
    }
  });

  it('the admin changes their password: every impersonation they started is refused, their session goes on', async () => {
    const a = await newAdmin('admin-password@test.local');
    const mine = await impersonate(a.token);
    const fromElsewhere = await impersonate(await t.createSessionFor(a.id));
    const bystander = await impersonate(admin);
    const res = await t.call({
      method: 'POST',
      url: '/admin/auth/change-password',
      token: a.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(mine)).statusCode).toBe(401);
    expect((await whoAmI(fromElsewhere)).statusCode).toBe(401);
    expect(await revokedAt(mine)).not.toBeNull();
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: a.token })).statusCode).toBe(200);
    expect((await whoAmI(bystander)).statusCode).toBe(200);
  });

  it('the admin turns 2FA on, then off: each ends the impersonations they started, their session goes on', async () => {
    const a = await newAdmin('admin-2fa@test.local');
    const call = (url: string, payload?: object) => t.call({ method: 'POST', url, token: a.token, payload });
    const setup = await call('/admin/auth/setup2FA');
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(new URL(setup.json().otpauthUrl).searchParams.get('secret')!),
      digits: 6,
      period: 30,
    });
    const beforeOn = await impersonate(a.token);
    expect((await call('/admin/auth/enable2FA', { code: totp.generate() })).statusCode).toBe(200);
    expect((await whoAmI(beforeOn)).statusCode).toBe(401);
    const beforeOff = await impersonate(a.token);
    // A code works once per step: the next step's code (accepted one step ahead) turns it off.
    const off = await call('/admin/auth/disable2FA', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(off.statusCode).toBe(200);
    expect((await whoAmI(beforeOff)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: a.token })).statusCode).toBe(200);
  });

  it('the admin’s role changes (through the API): their impersonation stays ended, even if they are made admin again', async () => {
    const a = await newAdmin('admin-role@test.local');
    const mine = await impersonate(a.token);
    const bystander = await impersonate(admin);
    const move = (roleId: number) =>
      t.call({ method: 'POST', url: '/admin/role/add-user', token: admin, payload: { roleId, userId: a.id } });
    expect((await move(roleByKey('NEGOTIATOR')!.id)).statusCode).toBe(200);
    expect((await whoAmI(mine)).statusCode).toBe(401);
    expect(await revokedAt(mine)).not.toBeNull();
    expect((await move(ADMIN_ROLE)).statusCode).toBe(200);
    expect((await whoAmI(mine)).statusCode).toBe(401);
    // The admin's own session goes on (its rights follow the role on each request), and so do others'.
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: a.token })).statusCode).toBe(200);
    expect((await whoAmI(bystander)).statusCode).toBe(200);
  });
});
