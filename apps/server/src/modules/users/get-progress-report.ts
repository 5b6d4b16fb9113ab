import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskSubmissions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import type { ResourceService } from '../../resources/engine';

const DEFAULT_WEEKS = 12;

/**
 * A learner's work over the last weeks, Monday to Sunday, counted from their task submissions
 * (every week shown, empty ones as 0). A learner outside the actor's scope is a 404.
 */
export async function getProgressReport(
  db: Db,
  actor: Actor,
  learners: ResourceService,
  userId: number,
  weeks = DEFAULT_WEEKS,
) {
  const learner = await learners.get(db, actor, userId);
  const span = sql.raw(String(weeks - 1));
  const rows = await db.execute<{ week: string; submitted: number; reviewed: number }>(sql`
    select to_char(w.week, 'YYYY-MM-DD') as week,
           count(s.id)::int as submitted,
           (count(s.id) filter (where s.status = 'Reviewed'))::int as reviewed
    from generate_series(
           date_trunc('week', now()) - interval '${span} weeks',
           date_trunc('week', now()),
           interval '1 week'
         ) as w(week)
    left join ${taskSubmissions} s
      on s.user_id = ${userId} and s.submitted_at >= w.week and s.submitted_at < w.week + interval '1 week'
    group by w.week
    order by w.week`);
  const list = (Array.isArray(rows) ? rows : rows.rows) as { week: string; submitted: number; reviewed: number }[];
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(taskSubmissions)
    .where(sql`${taskSubmissions.userId} = ${userId}`)) as { total: number }[];
  return {
    userId,
    weeks: list.map((r) => ({ week: r.week, submitted: Number(r.submitted), reviewed: Number(r.reviewed) })),
    totalSubmitted: total,
    lastTaskSubmitDate: (learner.lastTaskSubmitDate as Date | null) ?? null,
  };
}
