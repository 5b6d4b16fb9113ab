import { roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notWorkingWarnings, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/**
 * The system warns a learner who has stopped working (a scheduled job will call this when a
 * learner has submitted nothing for a while). The warning counts in the learner list's
 * "No of warnings" until staff remove it. Audited with no actor: the system wrote it.
 */
export async function issueNotWorkingWarning(
  db: Db | Tx,
  learnerId: number,
  reason: string,
  issuedAt: Date = new Date(),
) {
  const text = reason.trim();
  if (!text) throw badRequest('Reason is required', [{ path: ['reason'], message: 'Reason is required' }]);
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, learnerId), eq(users.roleId, LEARNER_ROLE_ID)));
  if (!learner) throw badRequest('Choose a learner', [{ path: ['userId'], message: 'Choose a learner' }]);
  const [warning] = await db
    .insert(notWorkingWarnings)
    .values({ userId: learnerId, reason: text.slice(0, 1000), issuedAt })
    .returning();
  await audit(db, null, { action: 'create', entity: 'notWorkingWarning', entityId: warning.id, after: warning });
  return warning;
}
