import { type DecideReactivation, REACTIVATION_FLOW } from '@cohort/domain';
import type { Db } from '../../db/client';
import { reactivationRequests } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { conflict } from '../../platform/errors';
import { moveStatus } from '../../platform/flows';
import type { ResourceService } from '../../resources/engine';

/**
 * POST /admin/user/reactivation/decide: a pending request becomes Fulfilled or Rejected, once,
 * with a note; the decider is the session's user. A decided request is a 409, and so is a
 * stale version. Fulfilling does not yet change the learner (decision 014): whoever fulfils
 * it sets the learner's status on their page.
 */
export async function decideReactivation(db: Db, actor: Actor, requests: ResourceService, input: DecideReactivation) {
  await db.transaction(async (tx) => {
    const before = (await requests.get(tx, actor, input.id, true)) as Record<string, unknown> & {
      id: number;
      version: number;
    };
    if (before.status !== 'Pending') {
      throw conflict(`This request was already ${String(before.status).toLowerCase()}`);
    }
    await moveStatus(tx, actor, {
      flow: REACTIVATION_FLOW,
      table: reactivationRequests,
      entity: 'reactivationRequest',
      id: before.id,
      move: input.status,
      version: input.version,
      changes: {
        decisionNote: input.note,
        decidedAt: new Date(),
        decidedById: actor.user.id,
        decidedByName: actor.user.name,
      },
      snapshot: (row) => requests.toRecord(row),
      auditAs: input.status === 'Fulfilled' ? 'fulfil' : 'reject',
    });
  });
  return requests.toRecord(await requests.get(db, actor, input.id), actor);
}
