import type { LeadSummary } from '@cohort/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { callHistory, leads, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { scoped } from '../../platform/row-scopes';
import { isOpenLead } from './lead-sync';

const owners = alias(users, 'owners');
const DAY = 86_400_000;

/**
 * `GET /admin/user/crm/getLeadSummary?userId=`: where the learner stands in the CRM, for the
 * panel on their page: their lead (or null: not in the CRM), how many calls and how many got
 * through, the last call and the last five. A learner outside the caller's scope is a 404.
 */
export async function getLeadSummary(db: Db, actor: Actor, userId: number): Promise<LeadSummary> {
  const learner = await scoped(db, actor, 'user', userId);
  const [lead] = await db
    .select({ lead: leads, ownerName: owners.name })
    .from(leads)
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .where(eq(leads.userId, userId));
  const [counts] = await db
    .select({
      calls: sql<number>`count(*)`.mapWith(Number),
      connected: sql<number>`count(*) filter (where ${callHistory.outcome} = 'Connected')`.mapWith(Number),
      last30Days: sql<number>`count(*) filter (where ${callHistory.calledAt} >= now() - interval '30 days')`.mapWith(
        Number,
      ),
    })
    .from(callHistory)
    .where(eq(callHistory.userId, userId));
  const recent = await db
    .select({
      id: callHistory.id,
      calledAt: callHistory.calledAt,
      outcome: callHistory.outcome,
      durationMinutes: callHistory.durationMinutes,
      notes: callHistory.notes,
      calledByName: callHistory.calledByName,
    })
    .from(callHistory)
    .where(eq(callHistory.userId, userId))
    .orderBy(desc(callHistory.calledAt), desc(callHistory.id))
    .limit(5);
  const today = new Date().toISOString().slice(0, 10);
  const l = lead?.lead;
  return {
    userId,
    excludeFromCrm: learner.excludeFromCrm,
    lead: l
      ? {
          id: l.id,
          version: l.version,
          status: l.status as NonNullable<LeadSummary['lead']>['status'],
          ownerId: l.ownerId,
          ownerName: lead.ownerName,
          followUpDate: l.followUpDate,
          followUpReason: l.followUpReason,
          rejectionReason: l.rejectionReason,
          rejectionSubReason: l.rejectionSubReason,
          source: l.source,
          note: l.note,
          addedByName: l.addedByName,
          createdAt: l.createdAt,
          overdueDays:
            isOpenLead(l.status) && l.followUpDate && l.followUpDate < today
              ? Math.round((Date.parse(today) - Date.parse(l.followUpDate)) / DAY)
              : 0,
        }
      : null,
    counts: counts ?? { calls: 0, connected: 0, last30Days: 0 },
    lastCallAt: recent[0]?.calledAt ?? null,
    recentCalls: recent as LeadSummary['recentCalls'],
  };
}
