import type { isaAssignSchema } from '@cohort/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { isaTypes, learnerIsas } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { addDays, addMonths, dayOf } from './isa-dates';
import { auditActionOf, type IsaRow, lockLearnerIsa, mirrorOnLearner, targetOf } from './move-isa';

/** Days a learner has to send their documents when the assigner names no deadline. */
export const DEFAULT_DOCUMENT_DAYS = 14;

/** An offered ISA type, or a 400 on the field that named it. */
export async function offeredIsaType(tx: Tx, id: number, field = 'isaTypeId') {
  const [type] = await tx.select().from(isaTypes).where(eq(isaTypes.id, id));
  if (!type?.active)
    throw badRequest('Choose an ISA type that is offered', [
      { path: [field], message: 'Choose an ISA type that is offered' },
    ]);
  return type;
}

/**
 * Gives a learner an ISA of a type (Not Assigned, or their last ISA ended -> Documents Not
 * Submitted). A learner's last ended ISA stays as history. Two assigns at once: the second
 * waits for the learner's lock and is refused (409), as the learner has an ISA by then.
 */
export async function assignIsa(
  tx: Tx,
  actor: Actor,
  body: z.infer<typeof isaAssignSchema>,
  now: Date,
): Promise<IsaRow> {
  const { isa, status } = await lockLearnerIsa(tx, actor, body.userId);
  const target = targetOf(status, 'assign');
  const type = await offeredIsaType(tx, body.isaTypeId);
  const today = dayOf(now);
  const documentDeadline = body.documentDeadline ?? addDays(today, DEFAULT_DOCUMENT_DAYS);
  const expiryDate = body.expiryDate ?? addMonths(today, type.durationMonths);
  const issues = [];
  if (documentDeadline < today)
    issues.push({ path: ['documentDeadline'], message: 'The document deadline cannot be in the past' });
  if (expiryDate <= documentDeadline)
    issues.push({ path: ['expiryDate'], message: 'The expiry date must be after the document deadline' });
  if (issues.length) throw badRequest(issues[0].message, issues);
  if (isa) {
    const [ended] = await tx
      .update(learnerIsas)
      .set({ endedAt: now, updatedAt: now, version: sql`${learnerIsas.version} + 1` })
      .where(eq(learnerIsas.id, isa.id))
      .returning();
    await audit(tx, actor, { action: 'isaReplace', entity: 'learnerIsa', entityId: isa.id, before: isa, after: ended });
  }
  const [created] = await tx
    .insert(learnerIsas)
    .values({
      userId: body.userId,
      isaTypeId: type.id,
      status: target,
      assignedAt: now,
      assignedById: actor.user.id,
      assignedByName: actor.user.name,
      documentDeadline,
      expiryDate,
    })
    .returning();
  const action = auditActionOf('assign');
  await audit(tx, actor, { action, entity: 'learnerIsa', entityId: created.id, after: created });
  await mirrorOnLearner(tx, actor, body.userId, target, expiryDate, action);
  return created;
}
