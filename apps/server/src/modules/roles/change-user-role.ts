import { roleByKey } from '@cohort/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog, roles, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { endSessions } from '../../platform/sessions';
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
    .where(and(eq(users.roleId, ADMIN_ROLE_ID), eq(users.userStatus, 'Active')));
  if (n <= 1) throw conflict('This is the last admin; make someone else admin first');
}

/** Role names by id, for audit entries a person can read ("MOTIVATOR -> Senior Mentor", not "3 -> 100"). */
async function roleNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The role a user held before they were given `roleId`: the latest audited change that
 * moved them into it, other than a removal (every role change is audited, in its transaction). Null when the
 * trail has none (a seeded membership) or that role no longer exists.
 */
export async function previousRoleOf(tx: Tx, userId: number, roleId: number): Promise<number | null> {
  const [entry] = await tx
    .select({ before: sql<string | null>`${auditLog.before}->>'roleId'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(userId)),
        sql`${auditLog.after}->>'roleId' = ${String(roleId)}`,
        sql`${auditLog.before}->>'roleId' is not null`,
        sql`${auditLog.before}->>'roleId' <> ${String(roleId)}`,
        // A move made by a removal is not a choice to return to: removing from a sub-role and
        // then from its parent must not bounce the person back into the sub-role.
        sql`coalesce(${auditLog.after}->>'via', '') <> 'remove-user'`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const previous = Number(entry?.before);
  if (!Number.isInteger(previous)) return null;
  const [exists] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, previous));
  return exists ? previous : null;
}

type Target = number | ((tx: Tx, user: { id: number; roleId: number }) => Promise<number>);

/**
 * Moves a user to another role (a user holds one). Role changes are serialised: two admins
 * demoting each other at once cannot both pass the last-admin check (each would count the
 * other still an admin). Audited with the roles before and after, by id and by name. Every
 * impersonation the person started ends in the same transaction.
 */
export async function changeUserRole(
  db: Db,
  actor: Actor,
  input: { userId: number; to: Target; fromRoleId?: number; via: 'add-user' | 'remove-user' },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw notFound('User');
    if (input.fromRoleId !== undefined && user.roleId !== input.fromRoleId)
      throw badRequest('This person does not hold this role', [
        { path: ['userId'], message: 'Not a member of this role' },
      ]);
    const toRoleId = typeof input.to === 'number' ? input.to : await input.to(tx, user);
    if (user.roleId === toRoleId) throw conflict('This person already holds this role');
    await assertNotLastAdmin(tx, user.roleId);
    const [after] = await tx
      .update(users)
      .set({ roleId: toRoleId, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id))
      .returning(memberColumns);
    // An admin's impersonations end with any change of their role, even back to ADMIN later (decision 029).
    await endSessions(tx, { impersonationsBy: user.id });
    const names = await roleNames(tx, [user.roleId, toRoleId]);
    await audit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: user.id,
      before: { roleId: user.roleId, role: names.get(user.roleId) ?? null },
      after: { roleId: toRoleId, role: names.get(toRoleId) ?? null, via: input.via },
    });
    return after;
  });
}

/** POST /admin/role/add-user: gives a user this role. */
export async function addUserToRole(db: Db, actor: Actor, input: { roleId: number; userId: number }) {
  await findRole(db, input.roleId);
  return changeUserRole(db, actor, { userId: input.userId, to: input.roleId, via: 'add-user' });
}

/**
 * POST /admin/role/remove-user: back to the role the person held before this one (a
 * MOTIVATOR added to a MENTOR-based role and removed again is a MOTIVATOR). Without a
 * recorded earlier role: the parent role, or USER for a built-in role.
 */
export async function removeUserFromRole(db: Db, actor: Actor, input: { roleId: number; userId: number }) {
  const role = await findRole(db, input.roleId);
  if (role.id === USER_ROLE_ID) throw badRequest('Every account holds at least the USER role');
  return changeUserRole(db, actor, {
    userId: input.userId,
    fromRoleId: role.id,
    via: 'remove-user',
    to: async (tx, user) => (await previousRoleOf(tx, user.id, role.id)) ?? role.parentRoleId ?? USER_ROLE_ID,
  });
}
