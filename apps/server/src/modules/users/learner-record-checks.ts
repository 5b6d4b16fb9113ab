import { roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { mustNameLearner } from '../../platform/row-scopes';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;
const isLearner = mustNameLearner('userId');

/**
 * A reactivation request names an inactive learner: an active one has nothing to reactivate
 * (400 on the learner, nothing kept).
 */
export async function mustBeInactiveLearner(tx: Tx, actor: Actor, row: Record<string, unknown>): Promise<void> {
  await isLearner(tx, actor, row);
  const [learner] = await tx
    .select({ status: users.userStatus })
    .from(users)
    .where(and(eq(users.id, row.userId as number), eq(users.roleId, LEARNER_ROLE_ID)));
  if (learner && learner.status !== 'Inactive') {
    const message = 'This learner is active: only an inactive learner can be reactivated';
    throw badRequest(message, [{ path: ['userId'], message }]);
  }
}

/**
 * A mentor team names a learner and a mentor: an active account whose role is MENTOR or a
 * custom role based on it (400 on `mentorId` otherwise).
 */
export async function mustNameMentor(tx: Tx, actor: Actor, row: Record<string, unknown>): Promise<void> {
  await isLearner(tx, actor, row);
  const [mentor] = await tx
    .select({ roleId: users.roleId, status: users.userStatus })
    .from(users)
    .where(eq(users.id, row.mentorId as number));
  const active = mentor?.status === 'Active' ? mentor : undefined;
  if (!active || (await effectiveRole(tx, active.roleId)) !== 'MENTOR') {
    throw badRequest('Choose an active mentor', [{ path: ['mentorId'], message: 'Choose an active mentor' }]);
  }
}
