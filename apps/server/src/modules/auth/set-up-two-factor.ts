import { eq, sql } from 'drizzle-orm';
import { backupCodes, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { endSessions } from '../../platform/sessions';
import {
  consumeTotp,
  hashBackupCode,
  newBackupCode,
  newTotpSecret,
  otpauthUrl,
  totpContext,
} from '../../platform/totp';
import { type AuthContext, checkCode } from './auth-context';

/** Starts 2FA setup: a new secret, kept sealed as pending, shown as an otpauth URL and QR code. */
export async function setUpTwoFactor(ctx: AuthContext, actor: Actor) {
  if (actor.user.twoFactorEnabled) throw conflict('Two-factor authentication is already on');
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ twoFactorPendingSecret: ctx.secrets.seal(secret, totpContext(actor.user.id)), updatedAt: new Date() })
    .where(eq(users.id, actor.user.id));
  const url = otpauthUrl(secret, actor.user.email);
  return { otpauthUrl: url, qrCodeDataUrl: await (await import('qrcode')).default.toDataURL(url) };
}

/**
 * Turns 2FA on with a first code from the pending secret; answers 10 backup codes, shown once.
 * A security change ends every other session of the account (a stolen one included).
 */
export async function enableTwoFactor(ctx: AuthContext, actor: Actor, code: string) {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
  if (user.twoFactorEnabled) throw conflict('Two-factor authentication is already on');
  if (!user.twoFactorPendingSecret)
    throw badRequest('Start the setup first', [{ path: ['code'], message: 'Set up 2FA first' }]);
  const pendingSecret = ctx.secrets.open(user.twoFactorPendingSecret, totpContext(user.id));
  await checkCode(ctx, user.id, () => consumeTotp(db, user.id, pendingSecret, code));
  const codes = Array.from({ length: 10 }, newBackupCode);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        twoFactorEnabled: true,
        twoFactorSecret: user.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, user.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await tx.insert(backupCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashBackupCode(c) })));
    await audit(tx, actor, {
      action: 'enable2FA',
      entity: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
    await endSessions(tx, { user: user.id, except: actor.session.id });
  });
  return { backupCodes: codes };
}

/** Turns 2FA off with a current code; its backup codes go, other sessions end. */
export async function disableTwoFactor(ctx: AuthContext, actor: Actor, code: string) {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
  if (!user.twoFactorEnabled || !user.twoFactorSecret) throw badRequest('Two-factor authentication is not on');
  const secret = ctx.secrets.open(user.twoFactorSecret, totpContext(user.id));
  await checkCode(ctx, user.id, () => consumeTotp(db, user.id, secret, code));
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        twoFactorEnabled: false,
        twoFactorSecret: null,
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, user.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await audit(tx, actor, {
      action: 'disable2FA',
      entity: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
    await endSessions(tx, { user: user.id, except: actor.session.id });
  });
  return { message: 'Two-factor authentication is off' };
}
