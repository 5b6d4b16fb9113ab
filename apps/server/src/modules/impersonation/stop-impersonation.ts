import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { endSessions } from '../../platform/sessions';
import { sha256 } from '../../platform/tokens';

/**
 * POST /admin/user/impersonate/stop: the admin who started an impersonation ends it with
 * their own session, naming it by its token (decision 015). The session is revoked and the
 * stop audited on the learner. Ending one already ended (expired, or stopped before) answers
 * the same and writes nothing, so the console can always return the admin to their session.
 */
export async function stopImpersonation(db: Db, actor: Actor, token: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sha256(token)), eq(sessions.impersonatorId, actor.user.id)))
      .for('update');
    // Another admin's impersonation, or no impersonation at all: nothing of it is revealed.
    if (!session) throw notFound('Impersonation');
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
      return { message: 'The impersonation had already ended' };
    }
    await endSessions(tx, { session: session.id });
    await audit(tx, actor, {
      action: 'stopImpersonation',
      entity: 'user',
      entityId: session.userId,
      after: { sessionId: session.id },
    });
    return { message: 'You are no longer acting as this learner' };
  });
}
