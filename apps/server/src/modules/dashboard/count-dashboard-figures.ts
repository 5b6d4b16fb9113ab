import { type dashboardStatsSchema, ISA_STATUSES, PLACEMENT_PAYMENT_STATUSES, roleByKey } from '@cohort/domain';
import { and, count, desc, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { blogs, events, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { learnersIn } from '../../platform/row-scopes';

const LEARNER = roleByKey('USER')!.id;

/** The figures as the route answers them, before encoding (dates as dates). */
export type DashboardFigures = z.output<typeof dashboardStatsSchema>;

/** Every state of an enumeration in its order, with its colour and its count (0 when none). */
function inOrder(
  states: readonly { value: string; color?: string }[],
  counts: { label: string; value: number }[],
): { status: string; learners: number; color: string }[] {
  const byState = new Map(counts.map((c) => [c.label, c.value]));
  return states.map((s) => ({ status: s.value, learners: byState.get(s.value) ?? 0, color: s.color ?? 'gray' }));
}

/**
 * The figures of the dashboard's four tabs (Home, Studies, Stories, Progress). Learner figures
 * count only the learners the actor's role may see (a college admin: their college's).
 */
export async function countDashboardFigures(db: Db, actor: Actor): Promise<DashboardFigures> {
  const learners = learnersIn(actor);
  const [[home], byIsa, byPayment, [studies], [blogCounts], recentBlogs, [upcoming], weeks] = await Promise.all([
    db
      .select({
        learners: sql<number>`count(*) filter (where ${learners})::int`,
        activeLearners: sql<number>`count(*) filter (where ${learners} and ${users.userStatus} = 'Active')::int`,
        staff: sql<number>`count(*) filter (where ${users.roleId} <> ${LEARNER})::int`,
      })
      .from(users),
    db.select({ label: users.isaStatus, value: count() }).from(users).where(learners).groupBy(users.isaStatus),
    db
      .select({ label: users.placementPaymentStatus, value: count() })
      .from(users)
      .where(learners)
      .groupBy(users.placementPaymentStatus),
    db
      .select({
        averagePoints: sql<number>`coalesce(round(avg(${users.totalPoints})), 0)::int`,
        readyForPlacement: sql<number>`count(*) filter (where ${users.readyForPlacements})::int`,
      })
      .from(users)
      .where(learners),
    db
      .select({
        total: count(),
        live: sql<number>`count(*) filter (where ${blogs.status} = 'Live')::int`,
        archived: sql<number>`count(*) filter (where ${blogs.status} = 'Archived')::int`,
      })
      .from(blogs),
    db
      .select({ id: blogs.id, title: blogs.title, createdAt: blogs.createdAt })
      .from(blogs)
      .orderBy(desc(blogs.createdAt), desc(blogs.id))
      .limit(5),
    db
      .select({ n: count() })
      .from(events)
      .where(and(gte(events.startsAt, new Date()), ne(events.status, 'Archive'))),
    db.execute<{ week: string; registrations: number; placed: number }>(sql`
      with w as (
        select generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') as week
      )
      select to_char(w.week, 'YYYY-MM-DD') as week,
        (select count(*)::int from ${users} where ${learners} and ${users.createdAt} >= w.week and ${users.createdAt} < w.week + interval '1 week') as registrations,
        (select count(*)::int from ${users} where ${learners} and ${users.placedAt} >= w.week and ${users.placedAt} < w.week + interval '1 week') as placed
      from w order by w.week`),
  ]);
  const order = ISA_STATUSES.map((s) => s.value as string);
  return {
    home: { ...home, blogs: blogCounts.total, upcomingEvents: upcoming.n },
    studies: {
      byIsaStatus: byIsa.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label)),
      averagePoints: studies.averagePoints,
      readyForPlacement: studies.readyForPlacement,
    },
    stories: {
      liveBlogs: blogCounts.live,
      archivedBlogs: blogCounts.archived,
      recentBlogs,
    },
    progress: {
      weeks: ('rows' in weeks
        ? weeks.rows
        : (weeks as unknown as typeof weeks.rows)) as DashboardFigures['progress']['weeks'],
      // The Studies tab's count by ISA status, drawn as a funnel: every status, in §4's order.
      isaFunnel: inOrder(ISA_STATUSES, byIsa),
      placementPayments: inOrder(PLACEMENT_PAYMENT_STATUSES, byPayment),
    },
  };
}
