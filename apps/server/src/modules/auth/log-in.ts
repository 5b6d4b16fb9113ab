import type { LoginResult } from '@cohort/domain';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { effectiveRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import { AppError, forbidden } from '../../platform/errors';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords';
import { createSession } from '../../platform/sessions';
import { clearAttempts, releaseAttempts, reserveAttempts } from '../../platform/throttle';
import type { AuthContext, Client } from './auth-context';
import { sessionUser } from './session-user';

const BAD_LOGIN = 'Invalid email or password';

/**
 * Logs in by email and password. `staffOnly` is the console's login: a learner's correct
 * password is a 403 (decision 004). Attempts are reserved before the password is checked, so
 * concurrent guesses cannot all pass (decision 008). An account with 2FA gets a limited token.
 */
export async function logIn(
  ctx: AuthContext,
  input: { email: string; password: string },
  client: Client,
  requestId: string,
  staffOnly: boolean,
): Promise<LoginResult> {
  const { db, config } = ctx;
  const email = input.email.toLowerCase();
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${client.ip}`;
  await reserveAttempts(
    db,
    [
      { key: accountKey, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT },
      { key: ipKey, max: config.LOGIN_MAX_FAILURES_PER_IP },
    ],
    config.LOGIN_WINDOW_MINUTES,
  );
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok || user.userStatus !== 'Active') throw new AppError(401, 'UNAUTHORIZED', BAD_LOGIN);
  await clearAttempts(db, [accountKey]);
  await releaseAttempts(db, [ipKey]);
  const role = await effectiveRole(db, user.roleId);
  if (staffOnly && role === 'USER') throw forbidden('This console is for staff only');
  if (user.twoFactorEnabled) {
    const token = await createSession(db, config, user.id, { ...client, twoFactorPending: true });
    return { twoFactorRequired: true as const, token };
  }
  const token = await createSession(db, config, user.id, client);
  await audit(db, { user, impersonatorId: null, requestId }, { action: 'login', entity: 'session', entityId: user.id });
  return { token, user: await sessionUser(db, user) };
}
