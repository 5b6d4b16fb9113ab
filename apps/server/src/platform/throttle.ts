import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';
import { AppError } from './errors';

export type Limit = { key: string; max: number };

/**
 * Failure counters in the database (so several API processes share them), fixed
 * windows: once a key reaches `max` failures inside the window, callers get 429
 * with Retry-After until the window ends.
 */
export async function assertNotThrottled(db: Db, limits: Limit[], windowMinutes: number): Promise<void> {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(
      inArray(
        loginThrottle.key,
        limits.map((l) => l.key),
      ),
    );
  const now = Date.now();
  let retryAfter = 0;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    const windowEnds = row.windowStartedAt.getTime() + windowMinutes * 60_000;
    if (limit && row.failures >= limit.max && windowEnds > now) {
      retryAfter = Math.max(retryAfter, Math.ceil((windowEnds - now) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s)`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}

export async function recordFailure(db: Db, keys: string[], windowMinutes: number): Promise<void> {
  for (const key of keys) {
    const expired = sql`${loginThrottle.windowStartedAt} < now() - make_interval(mins => ${windowMinutes})`;
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
          updatedAt: sql`now()`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
