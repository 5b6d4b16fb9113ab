import { roleById, type SessionUser } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, type UserRow, users } from '../../db/schema';

/** The user as the console sees it: `role` is the spec's role name. */
export async function sessionUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'roleId' | 'twoFactorEnabled' | 'mustChangePassword'>,
  impersonatorId?: number | null,
): Promise<SessionUser> {
  let roleName = roleById(user.roleId)?.name as string | undefined;
  if (!roleName) {
    const [r] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, user.roleId));
    roleName = r?.name ?? 'USER';
  }
  let impersonatedBy: SessionUser['impersonatedBy'] = null;
  if (impersonatorId) {
    const [imp] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, impersonatorId));
    impersonatedBy = imp ?? null;
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: roleName,
    roleId: user.roleId,
    twoFactorEnabled: user.twoFactorEnabled,
    mustChangePassword: user.mustChangePassword,
    impersonatedBy,
  };
}
