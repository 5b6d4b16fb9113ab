import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { clearAttempts, reserveAttempts } from '../../platform/throttle';

/** What the auth workflows need from the app: the database, the limits, the key that seals 2FA secrets. */
export type AuthContext = { db: Db; config: Config; secrets: SecretBox };

/** Where a request came from, as a new session records it. */
export type Client = { ip: string; userAgent?: string };

/**
 * Every call that checks a 2FA or backup code reserves an attempt on the account first
 * (one budget for verify, enable and disable), so neither a burst nor a stolen session
 * can guess its way through; a right code gives the budget back.
 */
export async function checkCode(ctx: AuthContext, userId: number, check: () => Promise<boolean>): Promise<void> {
  const key = `2fa:user:${userId}`;
  await reserveAttempts(
    ctx.db,
    [{ key, max: ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT }],
    ctx.config.LOGIN_WINDOW_MINUTES,
  );
  if (!(await check())) {
    throw badRequest('That code is not valid', [{ path: ['code'], message: 'That code is not valid' }]);
  }
  await clearAttempts(ctx.db, [key]);
}
