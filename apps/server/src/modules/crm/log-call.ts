import type { CallLog } from '@cohort/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callHistory, leads } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { ResourceService } from '../../resources/engine';
import { mirrorOntoLearner } from '../users/mirror-learner-fields';

/**
 * `POST /admin/call/history/add`: a call made to a lead, recorded with who made it (the session's
 * user). The lead is taken under lock inside the caller's scope (404 outside it). A lead still
 * waiting for its first conversation ("Follow up") moves to "In Progress" once a call connects,
 * so the owner's queue shows who has been reached; the learner's columns follow (decision 022).
 */
export async function logCall(
  db: Db,
  actor: Actor,
  leadService: ResourceService,
  calls: ResourceService,
  input: CallLog,
) {
  const id = await db.transaction(async (tx) => {
    const lead = await leadService.get(tx, actor, input.leadId, true);
    const [call] = await tx
      .insert(callHistory)
      .values({
        leadId: input.leadId,
        userId: (lead.userId as number | null) ?? null,
        calledAt: input.calledAt ? new Date(input.calledAt) : new Date(),
        outcome: input.outcome,
        durationMinutes: input.durationMinutes ?? null,
        notes: input.notes ?? null,
        calledById: actor.user.id,
        calledByName: actor.user.name,
      })
      .returning();
    await audit(tx, actor, { action: 'create', entity: 'callHistory', entityId: call.id, after: calls.toRecord(call) });
    if (input.outcome === 'Connected' && lead.status === 'Follow up') {
      const [after] = await tx
        .update(leads)
        .set({ status: 'In Progress', version: sql`${leads.version} + 1`, updatedAt: new Date() })
        .where(eq(leads.id, input.leadId))
        .returning();
      if (after.userId != null) {
        await mirrorOntoLearner(tx, actor, after.userId, { followUpStatus: after.status }, 'crmSync');
      }
      await audit(tx, actor, {
        action: 'update',
        entity: 'lead',
        entityId: after.id,
        before: { userId: lead.userId, status: lead.status },
        after: { userId: after.userId, status: after.status },
      });
    }
    return call.id;
  });
  return calls.toRecord(await calls.get(db, actor, id), actor);
}
