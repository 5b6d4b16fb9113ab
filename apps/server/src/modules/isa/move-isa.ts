import { checkNamedMove, ISA_FLOW, type IsaMove, type IsaStatus, isaMoveTarget, roleByKey } from '@cohort/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { learnerIsas, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { type AuditActor, audit, declareLearnerOwned } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { moveRefused, moveStatus } from '../../platform/flows';
import { scopedLearner } from '../../platform/row-scopes';

const LEARNER_ROLE_ID = roleByKey('USER')?.id ?? 2;

/** The learner (inside the actor's row scope: 404 outside it), when not locking. */
export async function assertLearnerVisible(db: Db | Tx, actor: Actor, userId: number) {
  await scopedLearner(db, actor, 'isa', userId);
}

export type IsaRow = typeof learnerIsas.$inferSelect;

declareLearnerOwned('learnerIsa', 'userId');

/** The 409 of a move not open from the ISA's status (a learner without an ISA is "Not Assigned"). */
export function isaMoveRefused(status: IsaStatus, move: IsaMove) {
  const check = checkNamedMove(ISA_FLOW, { status }, move);
  if (check.ok) throw new Error(`${move} is open from ${status}`);
  return moveRefused(check);
}

/**
 * The learner (locked, inside the actor's row scope: 404 outside it) and their current ISA
 * (locked). Every move of one learner's ISA is serialised by the learner's row lock.
 */
export async function lockLearnerIsa(tx: Tx, actor: Actor | null, userId: number) {
  if (actor) await scopedLearner(tx, actor, 'isa', userId, { lock: true });
  else {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.roleId, LEARNER_ROLE_ID)))
      .for('update');
    if (!row) throw notFound('Learner');
  }
  const [learner] = await tx
    .select({ isaStatus: users.isaStatus, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  const [isa] = await tx
    .select()
    .from(learnerIsas)
    .where(and(eq(learnerIsas.userId, userId), isNull(learnerIsas.endedAt)))
    .for('update');
  return { learner, isa: isa ?? null, status: (isa?.status ?? 'Not Assigned') as IsaStatus };
}

/** Where `move` leads from `status`; throws the 409 with the allowed moves when it may not be made. */
export function targetOf(status: IsaStatus, move: IsaMove): IsaStatus {
  const target = isaMoveTarget(status, move);
  if (!target) throw isaMoveRefused(status, move);
  return target;
}

/** `isaAssign`, `isaVerify`...: the audit action of a move. */
export const auditActionOf = (move: IsaMove) => `isa${move.charAt(0).toUpperCase()}${move.slice(1)}`;

/**
 * Writes one move of an existing ISA through the flow helper (versioned when the caller read a
 * version: a stale one is a 409), and the learner's `isaStatus` and `isaExpiryDate` in the same
 * transaction, both audited under the move's name. `remove` ends the ISA: it keeps its status.
 */
export async function writeIsaMove(
  tx: Tx,
  actor: AuditActor,
  opts: { isa: IsaRow; move: IsaMove; version?: number; changes?: Partial<IsaRow> },
): Promise<IsaRow> {
  const { isa, move } = opts;
  const ended = isaMoveTarget(isa.status as IsaStatus, move) === 'Not Assigned';
  const action = auditActionOf(move);
  const { after, to } = await moveStatus<IsaRow>(tx, actor, {
    flow: ISA_FLOW,
    table: learnerIsas,
    entity: 'learnerIsa',
    id: isa.id,
    move,
    version: opts.version,
    changes: { ...opts.changes, ...(ended ? { endedAt: new Date() } : {}) },
    leaves: ended,
    auditAs: action,
  });
  await mirrorOnLearner(tx, actor, isa.userId, to as IsaStatus, ended ? null : after.expiryDate, action);
  return after;
}

/** The learner's `isaStatus` and `isaExpiryDate` follow their ISA (decision 013's filters read them). */
export async function mirrorOnLearner(
  tx: Tx,
  actor: AuditActor,
  userId: number,
  status: IsaStatus,
  expiryDate: string | null,
  action: string,
) {
  const [before] = await tx
    .select({ isaStatus: users.isaStatus, isaExpiryDate: users.isaExpiryDate })
    .from(users)
    .where(eq(users.id, userId));
  if (before.isaStatus === status && before.isaExpiryDate === expiryDate) return;
  await tx
    .update(users)
    .set({ isaStatus: status, isaExpiryDate: expiryDate, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
  await audit(tx, actor, {
    action,
    entity: 'user',
    entityId: userId,
    before,
    after: { isaStatus: status, isaExpiryDate: expiryDate },
  });
}
