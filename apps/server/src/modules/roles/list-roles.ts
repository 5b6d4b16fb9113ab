import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';

/** Every role with its member count, built-in ones first (ids 1-10). */
export async function listRoles(db: Db) {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      builtIn: roles.builtIn,
      parentRoleId: roles.parentRoleId,
      version: roles.version,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
      // Qualified by hand: drizzle renders a one-table select's columns unqualified, and a bare "id" here would be users.id.
      members: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id")`,
    })
    .from(roles)
    .orderBy(asc(roles.id));
  return { data: rows, totalItems: rows.length };
}
