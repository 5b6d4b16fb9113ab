import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';
import { AppError } from './errors';

export type Limit = { key: string; max: number };

/**
 * Attempt counters in the database (so several API processes share them), fixed windows.
 *
 * An attempt is reserved BEFORE the password or code is checked, in one statement per key
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING): the row lock makes the check and the
 * count one step, so concurrent requests cannot all pass a check made before any of them
 * counted (decision 008). Once a key holds more than `max` attempts inside its window,
 * callers get 429 with Retry-After until the window ends. A successful check gives the
 * attempt back (`releaseAttempts`) or clears the key (`clearAttempts`).
 */
export async function reserveAttempts(db: Db, limits: Limit[], windowMinutes: number): Promise<void> {
  // One order for every caller, so two requests never wait on each other's keys crosswise.
  const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key));
  const expired = sql`${loginThrottle.windowStartedAt} < now() - make_interval(mins => ${windowMinutes})`;
  let retryAfter = 0;
  for (const limit of sorted) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key: limit.key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          // Capped so a flood cannot grow the counter without bound.
          failures: sql`case when ${expired} then 1 else least(${loginThrottle.failures} + 1, ${limit.max + 1}) end`,
          windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        failures: loginThrottle.failures,
        secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${loginThrottle.windowStartedAt} + make_interval(mins => ${windowMinutes}) - now()))))::int`,
      });
    if (row.failures > limit.max) retryAfter = Math.max(retryAfter, row.secondsLeft);
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

/** A check that succeeded hands its reserved attempt back. */
export async function releaseAttempts(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, updatedAt: sql`now()` })
    .where(inArray(loginThrottle.key, keys));
}

/** Forgets a key's attempts (an account that logged in successfully). */
export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
