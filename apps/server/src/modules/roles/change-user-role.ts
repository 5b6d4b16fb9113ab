import { roleByKey } from '@cohort/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { findRole } from './find-role';
import { memberColumns } from './list-role-members';

const USER_ROLE_ID = roleByKey('USER')!.id;
const ADMIN_ROLE_ID = roleByKey('ADMIN')!.id;
/** Advisory lock key of role changes (any constant unique in this application). */
const ROLE_CHANGE_LOCK = 7_001;

/** An admin cannot be moved out of ADMIN if they are the last one (the console would be unmanageable). */
async function assertNotLastAdmin(tx: Tx, currentRoleId: number) {
  if (currentRoleId !== ADMIN_ROLE_ID) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, ADMIN_ROLE_ID), eq(users.status, 'Active')));
  if (n <= 1) throw conflict('This is the last admin; make someone else admin first');
}

/**
 * Moves a user to another role (a user holds one). Role changes are serialised: two admins
 * demoting each other at once cannot both pass the last-admin check (each would count the
 * other still an admin). Audited with the role ids before and after.
 */
export async function changeUserRole(
  db: Db,
  actor: Actor,
  input: { userId: number; toRoleId: number; fromRoleId?: number },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw notFound('User');
    if (input.fromRoleId !== undefined && user.roleId !== input.fromRoleId)
      throw badRequest('The user does not hold this role', [
        { path: ['userId'], message: 'Not a member of this role' },
      ]);
    if (user.roleId === input.toRoleId) throw conflict('The user already holds this role');
    await assertNotLastAdmin(tx, user.roleId);
    const [after] = await tx
      .update(users)
      .set({ roleId: input.toRoleId, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id))
      .returning(memberColumns);
    await audit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: user.id,
      before: { roleId: user.roleId },
      after: { roleId: input.toRoleId },
    });
    return after;
  });
}

/** POST /admin/role/add-user: gives a user this role. */
export async function addUserToRole(db: Db, actor: Actor, input: { roleId: number; userId: number }) {
  await findRole(db, input.roleId);
  return changeUserRole(db, actor, { userId: input.userId, toRoleId: input.roleId });
}

/** POST /admin/role/remove-user: back to the parent role, or to USER for a built-in role. */
export async function removeUserFromRole(db: Db, actor: Actor, input: { roleId: number; userId: number }) {
  const role = await findRole(db, input.roleId);
  if (role.id === USER_ROLE_ID) throw badRequest('Every account holds at least the USER role');
  return changeUserRole(db, actor, {
    userId: input.userId,
    toRoleId: role.parentRoleId ?? USER_ROLE_ID,
    fromRoleId: role.id,
  });
}
