import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { sweepExpired } from './housekeeping';
import { reserveAttempts } from './throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sweepExpired', () => {
  it('removes long-ended sessions and stale throttle counters, keeps live ones', async () => {
    const live = await t.tokenFor('HR');
    await t.tokenFor('MENTOR');
    const [old] = (await t.db.select().from(sessions)).slice(-1);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(sessions.id, old.id));
    await reserveAttempts(
      t.db,
      ['login:ip:stale', 'login:ip:fresh'].map((key) => ({ key, max: 5 })),
      15,
    );
    await t.db
      .update(loginThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(loginThrottle.key, 'login:ip:stale'));

    const removed = await sweepExpired(t.db);
    expect(removed).toEqual({ sessions: 1, throttles: 1 });
    expect((await t.db.select().from(loginThrottle)).map((r) => r.key)).toEqual(['login:ip:fresh']);
    expect((await t.call({ method: 'GET', url: '/admin/auth/session', token: live })).statusCode).toBe(200);
  });
});
