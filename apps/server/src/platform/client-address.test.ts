import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { auditLog, sessions } from '../db/schema';
import { emailOf, TEST_PASSWORD } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 16, finding 1: behind a proxy, the caller's address is the one the trusted proxies saw,
 * never the left-most X-Forwarded-For hop the client wrote itself. The settings come through the
 * environment, as an operator writes them.
 */
const trustFrom = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
/** The proxy in front of the server, and the address it saw the client at. */
const PROXY = '127.0.0.1';
const SEEN = '203.0.113.9';
const randomHop = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('TRUST_PROXY', () => {
  it('refuses `true` at start and says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*addresses/);
  });

  it('takes a hop count, or a list of addresses and CIDR ranges; unset or false trusts none', () => {
    expect(trustFrom('1')).toBe(1);
    expect(trustFrom('2')).toBe(2);
    expect(trustFrom('10.0.0.5, 10.1.0.0/16,::1')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(trustFrom('false')).toBe(false);
    expect(trustFrom('0')).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '-1', '1.5', 'proxy.local'])
      expect(() => trustFrom(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe.each([
  ['a hop count', '1'],
  ['the proxy’s address', PROXY],
  ['a CIDR range holding it', '127.0.0.0/8'],
])('behind one proxy named by %s', (_label, setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trustFrom(setting), LOGIN_MAX_FAILURES_PER_ACCOUNT: 100 });
  });
  afterAll(() => t.close());

  /** Through the proxy: the client wrote a random first hop, the proxy appended what it saw. */
  const viaProxy = (xff = `${randomHop()}, ${SEEN}`) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': xff } });

  it('80 parallel wrong logins with random first hops hit 429 after the per-address limit (50)', async () => {
    const all = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/auth/login',
          payload: { email: `nobody${i}@test.local`, password: 'wrong password' },
          ...viaProxy(),
        }),
      ),
    );
    const by = statuses(all);
    expect(by[401]).toBe(50);
    expect(by[429]).toBe(30);
  });

  it('30 parallel registrations with random first hops: 10 pass, the rest 429', async () => {
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/auth/register',
          payload: { name: 'Someone', email: `burst${i}@test.local`, password: 'a long password' },
          ...viaProxy(),
        }),
      ),
    );
    const by = statuses(all);
    expect(by[202]).toBe(10);
    expect(by[429]).toBe(20);
  });

  it('sessions and the audit log record the address the proxy saw', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: emailOf('MENTOR'), password: TEST_PASSWORD },
      ...viaProxy(`6.6.6.6, 198.51.100.7`),
    });
    expect(res.statusCode).toBe(200);
    const mentor = await t.userId('MENTOR');
    const [session] = await t.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, mentor));
    expect(session.ip).toBe('198.51.100.7');
    const again = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Someone', email: emailOf('MENTOR'), password: 'a long password' },
      ...viaProxy(`6.6.6.6, 198.51.100.8`),
    });
    expect(again.statusCode).toBe(202);
    const [entry] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registerExisting'), eq(auditLog.entityId, String(mentor))));
    expect(entry.after).toMatchObject({ ip: '198.51.100.8' });
  });
});

describe('addresses the operator did not name', () => {
  it('a client reaching the server directly cannot choose its address with X-Forwarded-For', async () => {
    const t = await createTestApp({ TRUST_PROXY: trustFrom('10.0.0.0/8') });
    try {
      const res = await t.call({
        method: 'POST',
        url: '/auth/login',
        payload: { email: emailOf('HR'), password: TEST_PASSWORD },
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': '6.6.6.6' },
      });
      expect(res.statusCode).toBe(200);
      const [session] = await t.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.userId, await t.userId('HR')));
      expect(session.ip).toBe('192.0.2.44');
    } finally {
      await t.close();
    }
  });

  it('with two proxies (a hop count of 2) the address is the one the outer proxy saw', async () => {
    const t = await createTestApp({ TRUST_PROXY: trustFrom('2') });
    try {
      const res = await t.call({
        method: 'POST',
        url: '/auth/login',
        payload: { email: emailOf('HR'), password: TEST_PASSWORD },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.9, 10.0.0.1' },
      });
      expect(res.statusCode).toBe(200);
      const [session] = await t.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.userId, await t.userId('HR')));
      expect(session.ip).toBe('198.51.100.9');
    } finally {
      await t.close();
    }
  });
});
