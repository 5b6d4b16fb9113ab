import { type CallLog, LEAD_FLOW } from '@cohort/domain';
import type { Db } from '../../db/client';
import { callHistory, leads } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { moveStatus } from '../../platform/flows';
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
      const { after } = await moveStatus<typeof leads.$inferSelect>(tx, actor, {
        flow: LEAD_FLOW,
        table: leads,
        entity: 'lead',
        id: input.leadId,
        move: 'In Progress',
        auditAs: 'update',
        snapshot: (row) => ({ userId: row.userId, status: row.status }),
      });
      if (after.userId != null) {
        await mirrorOntoLearner(tx, actor, after.userId, { followUpStatus: after.status }, 'crmSync');
      }
    }
    return call.id;
  });
  return calls.toRecord(await calls.get(db, actor, id), actor);
}
