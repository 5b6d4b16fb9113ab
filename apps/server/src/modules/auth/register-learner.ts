import { roleByKey } from '@cohort/domain';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { anonymousActor, audit } from '../../platform/audit';
import { hashPassword } from '../../platform/passwords';
import { reserveAttempts } from '../../platform/throttle';
import type { AuthContext, Client } from './auth-context';

export const REGISTERED = 'Thanks. If this email was not registered yet, the account is ready: log in with it.';

/**
 * Registers a learner account. The same work and the same answer whether the email is new or
 * known (decision 008): an attempt on a known email is audited on its owner instead.
 */
export async function registerLearner(
  ctx: AuthContext,
  input: { name: string; email: string; password: string },
  client: Client,
  requestId: string,
): Promise<{ message: string }> {
  const { db, config } = ctx;
  const { name, email, password } = input;
  await reserveAttempts(
    db,
    [{ key: `register:ip:${client.ip}`, max: config.REGISTER_MAX_PER_IP }],
    config.REGISTER_WINDOW_MINUTES,
  );
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name, email, passwordHash, roleId: roleByKey('USER')!.id })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await audit(
        tx,
        { user: created, impersonatorId: null, requestId },
        { action: 'register', entity: 'user', entityId: created.id, after: created },
      );
      return;
    }
    // Someone tried to register an existing email: recorded on its owner (who can be told by mail).
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (owner) {
      await audit(tx, anonymousActor(requestId), {
        action: 'registerExisting',
        entity: 'user',
        entityId: owner.id,
        after: { ip: client.ip, name },
      });
    }
  });
  return { message: REGISTERED };
}
