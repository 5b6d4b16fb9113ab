import type { IsaStatus, isaExtendSchema, isaRemoveSchema, isaUpdateSchema, isaVerifySchema } from '@cohort/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { offeredIsaType } from './assign-isa';
import { dayOf } from './isa-dates';
import { type IsaRow, isaMoveRefused, lockLearnerIsa, targetOf, writeIsaMove } from './move-isa';

/** The learner's current ISA, or the 409 of a learner without one (nothing to act on). */
async function currentIsa(tx: Tx, actor: Actor, userId: number, move: Parameters<typeof targetOf>[1]) {
  const { isa, status } = await lockLearnerIsa(tx, actor, userId);
  if (!isa) throw isaMoveRefused(status, move);
  targetOf(status, move);
  return isa;
}

/** ISA Acceptance Video Uploaded -> ISA Verified, naming who verified it. */
export async function verifyIsa(tx: Tx, actor: Actor, body: z.infer<typeof isaVerifySchema>, now: Date) {
  const isa = await currentIsa(tx, actor, body.userId, 'verify');
  return writeIsaMove(tx, actor, {
    isa,
    move: 'verify',
    version: body.version,
    changes: { verifiedAt: now, verifiedByName: actor.user.name },
  });
}

/**
 * New dates. Waiting for documents (or overdue): a new deadline, and the ISA waits for documents
 * again; verified: a later expiry. Dates only move later, and the expiry stays after the deadline.
 */
export async function extendIsa(tx: Tx, actor: Actor, body: z.infer<typeof isaExtendSchema>, now: Date) {
  const isa = await currentIsa(tx, actor, body.userId, 'extend');
  const today = dayOf(now);
  const issues: { path: string[]; message: string }[] = [];
  const status = isa.status as IsaStatus;
  if (body.documentDeadline) {
    if (status === 'ISA Verified')
      issues.push({ path: ['documentDeadline'], message: 'The documents are already in: extend the expiry date' });
    else if (body.documentDeadline < today)
      issues.push({ path: ['documentDeadline'], message: 'The new deadline cannot be in the past' });
    else if (body.documentDeadline < isa.documentDeadline)
      issues.push({
        path: ['documentDeadline'],
        message: `An extension cannot end before the current deadline (${isa.documentDeadline})`,
      });
  } else if (status === 'Document Submission Overdue') {
    issues.push({ path: ['documentDeadline'], message: 'Give the learner a new document deadline' });
  }
  const deadline = body.documentDeadline ?? isa.documentDeadline;
  const expiry = body.expiryDate ?? isa.expiryDate;
  if (body.expiryDate) {
    if (body.expiryDate < isa.expiryDate)
      issues.push({
        path: ['expiryDate'],
        message: `An extension cannot end before the current expiry (${isa.expiryDate})`,
      });
    else if (body.expiryDate <= today)
      issues.push({ path: ['expiryDate'], message: 'The new expiry date must be after today' });
  }
  if (expiry <= deadline && !issues.length)
    issues.push({ path: ['expiryDate'], message: 'The expiry date must be after the document deadline' });
  if (issues.length) throw badRequest(issues[0].message, issues);
  return writeIsaMove(tx, actor, {
    isa,
    move: 'extend',
    version: body.version,
    changes: { documentDeadline: deadline, expiryDate: expiry },
  });
}

/** `isa/update`: another type (before it is verified), or a move toward the end (with a reason). */
export async function updateIsa(tx: Tx, actor: Actor, body: z.infer<typeof isaUpdateSchema>): Promise<IsaRow> {
  const isa = await currentIsa(tx, actor, body.userId, body.move);
  if (body.move === 'changeType') {
    const type = await offeredIsaType(tx, body.isaTypeId as number);
    return writeIsaMove(tx, actor, { isa, move: 'changeType', version: body.version, changes: { isaTypeId: type.id } });
  }
  return writeIsaMove(tx, actor, {
    isa,
    move: body.move,
    version: body.version,
    changes: body.reason ? { reason: body.reason } : {},
  });
}

/** The learner has no ISA any more (before verification, or after it ended); the row stays as history. */
export async function removeIsa(tx: Tx, actor: Actor, body: z.infer<typeof isaRemoveSchema>) {
  const isa = await currentIsa(tx, actor, body.userId, 'remove');
  return writeIsaMove(tx, actor, { isa, move: 'remove', version: body.version, changes: { reason: body.reason } });
}
