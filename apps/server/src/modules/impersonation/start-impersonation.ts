import type { ImpersonateInput } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { createImpersonationSession } from '../../platform/sessions';

/**
 * POST /admin/user/impersonate: an admin acts as a learner for IMPERSONATION_MINUTES, for a
 * stated reason (decision 015). Only learners (role USER) and only active ones; the session
 * and its audit entry are written together. The session is the learner's: it reaches what
 * the learner's own session would (nothing under /admin), and every write made with it is
 * audited with the admin as impersonator.
 */
export async function startImpersonation(
  db: Db,
  config: Config,
  actor: Actor,
  input: ImpersonateInput,
  client: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  // The route is ADMIN only and an impersonation session is a learner's; this holds even if that changed.
  if (actor.impersonatorId != null) throw forbidden('An impersonation session cannot start another one');
  const [target] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!target) throw notFound('Learner');
  if ((await effectiveRole(db, target.roleId)) !== 'USER') {
    throw badRequest('Only learners can be impersonated', [
      { path: ['userId'], message: 'This is a staff account: only learners can be impersonated' },
    ]);
  }
  if (target.userStatus !== 'Active') {
    throw badRequest('This learner cannot be impersonated', [
      { path: ['userId'], message: 'This learner is inactive and cannot log in, so they cannot be impersonated' },
    ]);
  }
  return db.transaction(async (tx) => {
    const session = await createImpersonationSession(
      tx,
      config,
      target.id,
      { userId: actor.user.id, sessionId: actor.session.id },
      client,
    );
    await audit(tx, actor, {
      action: 'impersonate',
      entity: 'user',
      entityId: target.id,
      after: { reason: input.reason, sessionId: session.sessionId, expiresAt: session.expiresAt },
    });
    return { token: session.token, expiresAt: session.expiresAt };
  });
}
