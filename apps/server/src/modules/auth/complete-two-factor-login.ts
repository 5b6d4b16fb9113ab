import { and, eq, isNull } from 'drizzle-orm';
import { backupCodes, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { createSession, endSessions } from '../../platform/sessions';
import { consumeTotp, hashBackupCode, totpContext } from '../../platform/totp';
import { type AuthContext, type Client, checkCode } from './auth-context';
import { sessionUser } from './session-user';

/** A second factor: a TOTP code, or a backup code (each works once). */
export type SecondFactor = { totp: string } | { backupCode: string };

/** Finishes a 2FA login: the limited token is revoked and a new full one issued. */
export async function completeTwoFactorLogin(ctx: AuthContext, actor: Actor, factor: SecondFactor, client: Client) {
  const { db, config } = ctx;
  if (!actor.session.twoFactorPending) throw badRequest('No two-factor check is pending for this session');
  const userId = actor.user.id;
  // The sealed secret is read here, for this one step: requests never carry it.
  const [{ sealed }] = await db.select({ sealed: users.twoFactorSecret }).from(users).where(eq(users.id, userId));
  await checkCode(ctx, userId, async () => {
    if (!sealed) return false;
    if ('totp' in factor) return consumeTotp(db, userId, ctx.secrets.open(sealed, totpContext(userId)), factor.totp);
    const used = await db
      .update(backupCodes)
      .set({ usedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(backupCodes.userId, userId),
          eq(backupCodes.codeHash, hashBackupCode(factor.backupCode)),
          isNull(backupCodes.usedAt),
        ),
      )
      .returning({ id: backupCodes.id });
    return used.length === 1;
  });
  await endSessions(db, { session: actor.session.id });
  const token = await createSession(db, config, userId, client);
  await audit(db, actor, { action: 'login', entity: 'session', entityId: userId });
  return { token, user: await sessionUser(db, actor.user) };
}
