import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { findRole } from './find-role';

/** Deletes a custom role that no one holds and that has no sub-roles. */
export async function deleteRole(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await findRole(tx, id);
    if (role.builtIn) throw badRequest('Built-in roles cannot be deleted');
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, role.id));
    if (n > 0) throw conflict(`Move this role's ${n} user(s) to another role first`);
    const [{ c }] = await tx.select({ c: count() }).from(roles).where(eq(roles.parentRoleId, role.id));
    if (c > 0) throw conflict('Delete its sub-roles first');
    await tx.delete(roles).where(eq(roles.id, role.id));
    await audit(tx, actor, { action: 'delete', entity: 'role', entityId: role.id, before: role });
  });
}
