import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { endSessions } from '../../platform/sessions';
import { clearAttempts, reserveAttempts } from '../../platform/throttle';
import type { AuthContext } from './auth-context';

/**
 * Changes the actor's own password (the current one first, within the attempt budget); every
 * other session of the account ends, and with them the impersonations they started.
 */
export async function changeOwnPassword(
  ctx: AuthContext,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string }> {
  const { db, config } = ctx;
  const key = `password:user:${actor.user.id}`;
  await reserveAttempts(db, [{ key, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT }], config.LOGIN_WINDOW_MINUTES);
  const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not right', [
      { path: ['currentPassword'], message: 'This is not your current password' },
    ]);
  }
  await clearAttempts(db, [key]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id));
    await audit(tx, actor, { action: 'changePassword', entity: 'user', entityId: user.id });
    await endSessions(tx, { user: user.id, except: actor.session.id });
  });
  return { message: 'Your password is changed. Other sessions of your account have ended.' };
}
