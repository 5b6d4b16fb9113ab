import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { sealPlainTotpSecrets } from '../../platform/totp';
import { emailOf, TEST_PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 3, LOGIN_MAX_FAILURES_PER_IP: 1000 });
});
afterAll(() => t.close());

const login = (email: string, password: string, suffix = '') =>
  t.call({ method: 'POST', url: `/auth/login${suffix}`, payload: { email, password } });

function codeAt(secret: string, offsetSeconds = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}
const secretOf = (otpauthUrl: string) => new URL(otpauthUrl).searchParams.get('secret')!;
const post = (url: string, token: string, payload?: object) => t.call({ method: 'POST', url, token, payload });

describe('POST /auth/login', () => {
  it('answers a token and the user, with the spec role name', async () => {
    const res = await login(emailOf('KEY_ACCOUNT_MANAGER'), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: emailOf('KEY_ACCOUNT_MANAGER'), role: 'KEY ACCOUNT MANAGER', roleId: 7 });
    expect(body.user.passwordHash).toBeUndefined();
    const me = await t.call({ method: 'GET', url: '/admin/auth/session', token: body.token });
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login(emailOf('HR'), TEST_PASSWORD)).json();
    const rows = await t.db.select().from(sessions);
    expect(rows.some((s) => s.tokenHash === token)).toBe(false);
    expect(rows.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await login(emailOf('MENTOR'), 'not the password');
    const unknown = await login('nobody@test.local', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('rejects bad input with field-level issues', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string[] }) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('the staff login ({suffix} = /admin) refuses learners after a correct password', async () => {
    const res = await login('l1@test.local', TEST_PASSWORD, '/admin');
    expect(res.statusCode).toBe(403);
    expect((await login('l1@test.local', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(emailOf('ADMIN'), TEST_PASSWORD, '/admin')).statusCode).toBe(200);
  });

  it('throttles an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const email = emailOf('NEGOTIATOR');
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    const res = await login(email, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('throttle per IP', () => {
  it('answers 429 once an address has failed too often across accounts', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 100, LOGIN_MAX_FAILURES_PER_IP: 2 });
    try {
      const fail = (email: string) =>
        local.call({ method: 'POST', url: '/auth/login', payload: { email, password: 'x' } });
      expect((await fail('a@test.local')).statusCode).toBe(401);
      expect((await fail('b@test.local')).statusCode).toBe(401);
      const res = await local.call({
        method: 'POST',
        url: '/auth/login',
        payload: { email: emailOf('ADMIN'), password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await local.close();
    }
  });
});

describe('POST /auth/register', () => {
  it('creates a USER account (answered 202, no token); its session gets 403 on /admin/*', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'New Learner', email: 'new@test.local', password: 'a long password' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: expect.stringMatching(/log in/) });
    const { token, user } = (await login('new@test.local', 'a long password')).json();
    expect(user.role).toBe('USER');
    for (const [method, url] of [
      ['GET', '/admin/blog/get'],
      ['GET', '/admin/auth/session'],
      ['POST', '/admin/logout'],
      ['GET', '/admin/dashboard/stats'],
    ] as const) {
      expect((await t.call({ method, url, token })).statusCode, url).toBe(403);
    }
    // A learner can still end their own session.
    expect((await post('/auth/logout', token)).statusCode).toBe(200);
  });

  it('refuses a role or any extra field, and writes nothing', async () => {
    const before = await t.db.select().from(auditLog);
    const res = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'X', email: 'x@test.local', password: 'a long password', role: 'ADMIN' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['role'], message: 'Unknown field' }]);
    expect((await login('x@test.local', 'a long password')).statusCode).toBe(401);
    expect((await t.db.select().from(auditLog)).length).toBe(before.length);
  });

  it('refuses a short password; a taken email gets the same answer as a new one (see auth-hardening)', async () => {
    const short = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'X', email: 'y@test.local', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path).toEqual(['password']);
    const taken = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'X', email: emailOf('HR').toUpperCase(), password: 'a long password' },
    });
    expect(taken.statusCode).toBe(202);
  });
});

describe('names that lie (issue 16, finding 7)', () => {
  const register = (name: string, email: string) =>
    t.call({ method: 'POST', url: '/auth/register', payload: { name, email, password: 'a long password' } });

  it('refuses a right-to-left override in a name, field by field, and creates no account', async () => {
    const res = await register('Admin\u202Egpj.exe', 'spoof@test.local');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['name'], message: 'Name cannot contain hidden direction characters' }]);
    expect(await t.db.select().from(users).where(eq(users.email, 'spoof@test.local'))).toEqual([]);
  });

  it('refuses a name made only of zero-width characters', async () => {
    const res = await register('\u200B\u200D\u2060', 'nobody@test.local');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['name'], message: 'Enter a name with visible characters' }]);
    expect(await t.db.select().from(users).where(eq(users.email, 'nobody@test.local'))).toEqual([]);
  });

  it('stores a real name normalised (NFC), without stray zero-width spaces', async () => {
    expect((await register('Jose\u0301 Ma\u200Bria', 'jose@test.local')).statusCode).toBe(202);
    const [u] = await t.db.select().from(users).where(eq(users.email, 'jose@test.local'));
    expect(u.name).toBe('Jos\u00e9 Maria');
  });
});

describe('sessions', () => {
  it('POST /admin/logout stops the token at once', async () => {
    const token = await t.tokenFor('MARKETING');
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token })).statusCode).toBe(200);
    expect((await post('/admin/logout', token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token })).statusCode).toBe(401);
    expect((await post('/admin/logout', token)).statusCode).toBe(401);
  });

  it('401 without a token or with a garbage one', async () => {
    expect((await t.call({ method: 'GET', url: '/admin/blog/get' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token: 'garbage' })).statusCode).toBe(401);
  });

  it('expires after the idle limit and after the absolute limit', async () => {
    const idle = await t.tokenFor('MARKETING');
    const absolute = await t.tokenFor('MARKETING');
    const all = await t.db.select().from(sessions);
    const [idleRow, absRow] = all.slice(-2);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(sessions.id, idleRow.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, absRow.id));
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token: idle })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token: absolute })).statusCode).toBe(401);
  });

  it('rotates: each login issues a new token', async () => {
    const a = (await login(emailOf('MENTOR'), TEST_PASSWORD)).json().token;
    const b = (await login(emailOf('MENTOR'), TEST_PASSWORD)).json().token;
    expect(a).not.toBe(b);
  });
});

describe('admin 2FA', () => {
  it('setup, enable, then login needs a code; the pending token reaches only the verify calls', async () => {
    const token = await t.tokenFor('ADMIN');
    const setup = await post('/admin/auth/setup2FA', token);
    expect(setup.statusCode).toBe(200);
    const { otpauthUrl, qrCodeDataUrl } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = secretOf(otpauthUrl);

    const wrong = await post('/admin/auth/enable2FA', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const bad = await post('/admin/auth/enable2FA', token, { code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['code']);

    const enable = await post('/admin/auth/enable2FA', token, { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    // The seed is stored sealed, never as the base32 text an authenticator holds.
    const [stored] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('ADMIN')));
    expect(stored.twoFactorSecret).toMatch(/^v1\./);
    expect(stored.twoFactorSecret).not.toContain(secret);
    expect(stored.twoFactorPendingSecret).toBeNull();
    const { backupCodes } = enable.json();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Login now answers a limited token.
    const first = await login(emailOf('ADMIN'), TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, token: expect.any(String) });
    const pending = first.json().token;
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token: pending })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: pending })).statusCode).toBe(403);
    expect((await post('/admin/auth/setup2FA', pending)).statusCode).toBe(403);

    // The code used to enable cannot be replayed; the next step's code works once.
    expect((await post('/admin/auth/verify2FA', pending, { code: codeAt(secret) })).statusCode).toBe(400);
    const next = codeAt(secret, 30);
    const [r1, r2] = await Promise.all([
      post('/admin/auth/verify2FA', pending, { code: next }),
      post('/admin/auth/verify2FA', pending, { code: next }),
    ]);
    const ok = [r1, r2].filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const full = ok[0].json();
    expect(full.user.role).toBe('ADMIN');
    expect(full.token).not.toBe(pending);
    // The limited token was rotated away; the new one works.
    expect((await post('/admin/auth/verify2FA', pending, { code: codeAt(secret, -30) })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/blog/get', token: full.token })).statusCode).toBe(200);

    // A backup code works once.
    const p2 = (await login(emailOf('ADMIN'), TEST_PASSWORD)).json().token;
    const viaBackup = await post('/admin/auth/verify-backup-code', p2, { code: backupCodes[0] });
    expect(viaBackup.statusCode).toBe(200);
    const p3 = (await login(emailOf('ADMIN'), TEST_PASSWORD)).json().token;
    expect((await post('/admin/auth/verify-backup-code', p3, { code: backupCodes[0] })).statusCode).toBe(400);
    expect((await post('/admin/auth/verify-backup-code', p3, { code: 'not a code!' })).json().issues[0].path).toEqual([
      'code',
    ]);
    expect((await post('/admin/auth/verify-backup-code', p3, { code: backupCodes[1].toLowerCase() })).statusCode).toBe(
      200,
    );
    // A pending token may log out.
    const p4 = (await login(emailOf('ADMIN'), TEST_PASSWORD)).json().token;
    expect((await post('/admin/logout', p4)).statusCode).toBe(200);

    // Disable needs a valid, unused code.
    const session = viaBackup.json().token;
    expect((await post('/admin/auth/disable2FA', session, { code: '123456' })).statusCode).toBe(400);
    // Every step up to now+30 s is spent; a minute later a fresh code works.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      const off = await post('/admin/auth/disable2FA', session, { code: codeAt(secret) });
      expect(off.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await login(emailOf('ADMIN'), TEST_PASSWORD)).json().user.twoFactorEnabled).toBe(false);
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['enable2FA', 'disable2FA', 'login', 'logout']));
  });

  it('a plain seed left by an earlier build is sealed at start and still verifies', async () => {
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const email = emailOf('MARKETING');
    await t.db.update(users).set({ twoFactorEnabled: true, twoFactorSecret: plain }).where(eq(users.email, email));
    // Only this row needs sealing; a second pass finds nothing.
    expect(await sealPlainTotpSecrets(t.db, t.app.secrets)).toBe(1);
    expect(await sealPlainTotpSecrets(t.db, t.app.secrets)).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.twoFactorSecret).toMatch(/^v1\./);

    const pending = (await login(email, TEST_PASSWORD)).json();
    expect(pending.twoFactorRequired).toBe(true);
    const ok = await post('/admin/auth/verify2FA', pending.token, { code: codeAt(plain) });
    expect(ok.statusCode).toBe(200);
    await t.db.update(users).set({ twoFactorEnabled: false, twoFactorSecret: null }).where(eq(users.email, email));
  });

  it('verify calls are refused to a session that owes no code, and to learners', async () => {
    const token = await t.tokenFor('HR');
    expect((await post('/admin/auth/verify2FA', token, { code: '123456' })).statusCode).toBe(400);
    const learner = (await login('l2@test.local', TEST_PASSWORD)).json().token;
    expect((await post('/admin/auth/verify2FA', learner, { code: '123456' })).statusCode).toBe(403);
    expect((await post('/admin/auth/setup2FA', learner)).statusCode).toBe(403);
    expect((await post('/admin/auth/enable2FA', learner, { code: '123456' })).statusCode).toBe(403);
    expect((await post('/admin/auth/disable2FA', learner, { code: '123456' })).statusCode).toBe(403);
    expect((await post('/admin/auth/verify-backup-code', learner, { code: 'ABCDE-FGHJK' })).statusCode).toBe(403);
    // Disabling when it is off, and enabling before setup, are refused with a reason.
    expect((await post('/admin/auth/disable2FA', token, { code: '123456' })).statusCode).toBe(400);
    expect((await post('/admin/auth/enable2FA', token, { code: '123456' })).json().message).toBe(
      'Start the setup first',
    );
  });
});
