import { randomBytes } from 'node:crypto';
import { roleByKey } from '@cohort/domain';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { audit, SYSTEM_ACTOR } from '../platform/audit';
import { hashPassword } from '../platform/passwords';

export type FirstAdmin = { email: string; password: string; generated: boolean };

/** 24 characters of base64url: 144 random bits. */
export function oneTimePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The one ADMIN an empty database gets when it is not a demo (decision 028): `password` as
 * given (INITIAL_ADMIN_PASSWORD) or a one-time one made here, to be changed at first login.
 * Answers the account made, or null when the database already has users. Several processes
 * starting on one empty database take turns on an advisory lock, so only the first creates it.
 */
export async function createFirstAdmin(db: Db, opts: { email: string; password?: string }): Promise<FirstAdmin | null> {
  const password = opts.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cohort:first-admin'))`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return null;
    const [created] = await tx
      .insert(users)
      .values({
        name: 'Administrator',
        email: opts.email,
        passwordHash,
        roleId: roleByKey('ADMIN')!.id,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    await audit(tx, SYSTEM_ACTOR, {
      action: 'create',
      entity: 'user',
      entityId: created.id,
      after: { email: opts.email, role: 'ADMIN', mustChangePassword: true },
    });
    return { email: opts.email, password, generated: opts.password === undefined };
  });
}
