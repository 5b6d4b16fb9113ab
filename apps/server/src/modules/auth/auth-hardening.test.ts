import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { emailOf, TEST_PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 6, findings 1, 2, 6 and 7: throttles hold under concurrent requests, every call that
 * checks a code is throttled, security changes end the other sessions, and registration
 * tells nothing about which emails exist. Races run as real concurrent requests.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
    LOGIN_MAX_FAILURES_PER_IP: 1000,
    REGISTER_MAX_PER_IP: 10,
  });
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, payload?: object) =>
  t.call({ method: 'POST', url, token, payload });
const login = (email: string, password: string) => post('/auth/login', undefined, { email, password });
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

function codeAt(secret: string, offsetSeconds = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}
/** A code that is not the current one (nor its neighbours). */
function wrongCode(secret: string) {
  const near = new Set([-30, 0, 30].map((o) => codeAt(secret, o)));
  for (let n = 100000; ; n++) if (!near.has(String(n))) return String(n);
}

async function startSetup(token: string): Promise<string> {
  const res = await post('/admin/auth/setup2FA', token);
  expect(res.statusCode).toBe(200);
  return new URL(res.json().otpauthUrl).searchParams.get('secret')!;
}

describe('login throttle under concurrency (finding 1)', () => {
  it('60 simultaneous wrong passwords on one account: at most 5 are evaluated', async () => {
    const email = emailOf('NEGOTIATOR');
    const all = await Promise.all(Array.from({ length: 60 }, () => login(email, 'wrong password')));
    const by = statuses(all);
    expect(by[401]).toBeLessThanOrEqual(5);
    expect(by[401]).toBeGreaterThan(0);
    expect(by[429]).toBe(60 - by[401]);
    // The right password is refused too until the window ends.
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('the per-address limit holds under a burst across accounts', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 100, LOGIN_MAX_FAILURES_PER_IP: 10 });
    try {
      const all = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          local.call({ method: 'POST', url: '/auth/login', payload: { email: `x${i}@test.local`, password: 'x' } }),
        ),
      );
      const by = statuses(all);
      expect(by[401]).toBeLessThanOrEqual(10);
      expect(by[429]).toBeGreaterThanOrEqual(30);
    } finally {
      await local.close();
    }
  });

  it('a successful login gives its attempt back: an address is not locked out by its own logins', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: 3 });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await local.call({
          method: 'POST',
          url: '/auth/login',
          payload: { email: emailOf('HR'), password: TEST_PASSWORD },
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await local.close();
    }
  });
});

describe('every call that checks a code is throttled (finding 2)', () => {
  it('enable2FA: wrong codes in a row end in 429, the right one too until the window ends', async () => {
    const token = await t.tokenFor('MENTOR');
    const secret = await startSetup(token);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await post('/admin/auth/enable2FA', token, { code: wrongCode(secret) })).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    expect((await post('/admin/auth/enable2FA', token, { code: codeAt(secret) })).statusCode).toBe(429);
  });

  it('verify2FA: 60 simultaneous wrong codes, at most 5 evaluated; disable2FA is throttled too', async () => {
    const token = await t.tokenFor('HR');
    const secret = await startSetup(token);
    expect((await post('/admin/auth/enable2FA', token, { code: codeAt(secret) })).statusCode).toBe(200);

    const pending = (await login(emailOf('HR'), TEST_PASSWORD)).json().token as string;
    const wrong = wrongCode(secret);
    const all = await Promise.all(
      Array.from({ length: 60 }, () => post('/admin/auth/verify2FA', pending, { code: wrong })),
    );
    const by = statuses(all);
    expect(by[400]).toBeLessThanOrEqual(5);
    expect(by[429]).toBe(60 - by[400]);

    // The same budget guards disable2FA: a stolen session cannot guess until 2FA is off.
    const disable = await post('/admin/auth/disable2FA', token, { code: wrong });
    expect(disable.statusCode).toBe(429);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('HR')));
    expect(row.twoFactorEnabled).toBe(true);
  });
});

describe('a security change ends the other sessions (finding 6)', () => {
  it('enabling and disabling 2FA: the other token stops, the current one works', async () => {
    const current = await t.tokenFor('MARKETING');
    const other = await t.tokenFor('MARKETING');
    const secret = await startSetup(current);
    expect((await post('/admin/auth/enable2FA', current, { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: other })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: current })).statusCode).toBe(200);

    const another = await t.tokenFor('MARKETING');
    const off = await post('/admin/auth/disable2FA', current, { code: codeAt(secret, 30) });
    expect(off.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: another })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: current })).statusCode).toBe(200);
  });

  it('changing the password: checked, throttled, audited without secrets, other sessions end', async () => {
    const email = emailOf('KEY_ACCOUNT_MANAGER');
    const current = await t.tokenFor('KEY_ACCOUNT_MANAGER');
    const other = await t.tokenFor('KEY_ACCOUNT_MANAGER');
    const change = (payload: object) => post('/admin/auth/change-password', current, payload);

    const wrong = await change({ currentPassword: 'not it', newPassword: 'a brand new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: ['currentPassword'], message: 'This is not your current password' }]);
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' })).json().issues[0].path).toEqual([
      'newPassword',
    ]);
    expect(
      (await change({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD })).json().issues[0].message,
    ).toBe('Choose a password different from the current one');

    const ok = await change({ currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' });
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: other })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: current })).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'a brand new password')).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'changePassword'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain('brand new');

    // Guessing the current password is throttled like a login.
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++) {
      guesses.push((await change({ currentPassword: `guess ${i}`, newPassword: 'another new password' })).statusCode);
    }
    expect(guesses).toContain(429);
  });
});

describe('registration reveals nothing (finding 7)', () => {
  const register = (email: string, ip = '127.0.0.1') =>
    t.call({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: ip,
      payload: { name: 'Someone', email, password: 'a long password' },
    });

  it('answers the same for a new email and an existing one (staff included), and records the attempt', async () => {
    const fresh = await register('fresh@test.local', '10.0.0.1');
    const taken = await register(emailOf('ADMIN').toUpperCase(), '10.0.0.1');
    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    // The new account works; the existing one kept its password.
    expect((await login('fresh@test.local', 'a long password')).statusCode).toBe(200);
    expect((await login(emailOf('ADMIN'), 'a long password')).statusCode).toBe(401);
    const admin = await t.userId('ADMIN');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'registerExisting'));
    expect(entry.entityId).toBe(String(admin));
  });

  it('is limited per address, also under a burst', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => register(`burst${i}@test.local`, '10.0.0.2')));
    const by = statuses(all);
    expect(by[202]).toBe(10);
    expect(by[429]).toBe(20);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like 'burst%'`);
    expect(n).toBe(10);
    // Another address is not affected.
    expect((await register('other@test.local', '10.0.0.3')).statusCode).toBe(202);
  });
});
