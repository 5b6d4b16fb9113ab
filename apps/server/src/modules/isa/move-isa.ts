import {
  allowedIsaMoves,
  ISA_MOVE_LABELS,
  type IsaMove,
  type IsaStatus,
  isaMoveTarget,
  roleByKey,
  STALE_VERSION_MESSAGE,
} from '@cohort/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { learnerIsas, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { type AuditActor, audit, declareLearnerOwned } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { scopedLearner } from '../../platform/row-scopes';

const LEARNER_ROLE_ID = roleByKey('USER')?.id ?? 2;

/** The learner (inside the actor's row scope: 404 outside it), when not locking. */
export async function assertLearnerVisible(db: Db | Tx, actor: Actor, userId: number) {
  await scopedLearner(db, actor, 'isa', userId);
}

export type IsaRow = typeof learnerIsas.$inferSelect;

declareLearnerOwned('learnerIsa', 'userId');

/** A move not open from the ISA's status: 409 naming the moves that are (nothing written). */
export class IsaMoveRefused extends AppError {
  constructor(status: IsaStatus, move: IsaMove) {
    const allowed = allowedIsaMoves(status);
    super(
      409,
      'CONFLICT',
      `"${ISA_MOVE_LABELS[move]}" cannot be done while the ISA is "${status}"`,
      undefined,
      undefined,
      { status, allowed },
    );
  }
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
  if (!target) throw new IsaMoveRefused(status, move);
  return target;
}

/** `isaAssign`, `isaVerify`...: the audit action of a move. */
export const auditActionOf = (move: IsaMove) => `isa${move.charAt(0).toUpperCase()}${move.slice(1)}`;

/**
 * Writes one move of an existing ISA: its new status and fields (versioned when the caller
 * read a version: a stale one is a 409), and the learner's `isaStatus` and `isaExpiryDate` in
 * the same transaction, both audited under the move's name.
 */
export async function writeIsaMove(
  tx: Tx,
  actor: AuditActor,
  opts: { isa: IsaRow; move: IsaMove; version?: number; changes?: Partial<IsaRow> },
): Promise<IsaRow> {
  const { isa, move } = opts;
  const target = targetOf(isa.status as IsaStatus, move);
  if (opts.version !== undefined && opts.version !== isa.version)
    throw new AppError(409, 'CONFLICT', STALE_VERSION_MESSAGE);
  const ended = target === 'Not Assigned';
  const [after] = await tx
    .update(learnerIsas)
    .set({
      ...opts.changes,
      // Removed: it stops being current and keeps the status it had, as history.
      status: ended ? isa.status : target,
      ...(ended ? { endedAt: new Date() } : {}),
      updatedAt: new Date(),
      version: sql`${learnerIsas.version} + 1`,
    })
    .where(and(eq(learnerIsas.id, isa.id), eq(learnerIsas.version, isa.version)))
    .returning();
  if (!after) throw new AppError(409, 'CONFLICT', STALE_VERSION_MESSAGE);
  const action = auditActionOf(move);
  await audit(tx, actor, { action, entity: 'learnerIsa', entityId: isa.id, before: isa, after });
  await mirrorOnLearner(tx, actor, isa.userId, target, ended ? null : after.expiryDate, action);
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
