import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle, sessions } from '../db/schema';

/**
 * Removes sessions that ended more than a day ago and throttle counters whose window is
 * long over. Safe to run from several processes at once (plain DELETEs).
 */
export async function sweepExpired(db: Db, now = new Date()): Promise<{ sessions: number; throttles: number }> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const s = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)))
    .returning({ id: sessions.id });
  const t = await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.windowStartedAt, sql`${dayAgo}::timestamptz`))
    .returning({ id: loginThrottle.id });
  return { sessions: s.length, throttles: t.length };
}
