import { roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { mustNameLearner } from '../../platform/row-scopes';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;
const MENTOR_ROLE_ID = roleByKey('MENTOR')!.id;
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

/** A mentor team names a learner and a mentor (an account with the MENTOR role). */
export async function mustNameMentor(tx: Tx, actor: Actor, row: Record<string, unknown>): Promise<void> {
  await isLearner(tx, actor, row);
  const [mentor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, row.mentorId as number), eq(users.roleId, MENTOR_ROLE_ID)));
  if (!mentor) throw badRequest('Choose a mentor', [{ path: ['mentorId'], message: 'Choose a mentor' }]);
}
