import { type RoleKey, roleByKey } from '@cohort/domain';
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { escapeLike } from '../../resources/engine';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/**
 * The staff a learner can be given (owner, motivator), active ones only, by name: filtered by
 * built-in role (custom roles count as the role they descend from) and by a search over name
 * and email. Paged like every list.
 */
export async function listTeamMembers(db: Db, query: { role?: RoleKey; search?: string }, page: number, size: number) {
  let roleIds: number[] | undefined;
  if (query.role) {
    // The role and every custom role descending from it.
    const all = await db.select({ id: roles.id, parentRoleId: roles.parentRoleId }).from(roles);
    const root = roleByKey(query.role)!.id;
    const within = new Set<number>([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of all) {
        if (r.parentRoleId !== null && within.has(r.parentRoleId) && !within.has(r.id)) {
          within.add(r.id);
          grew = true;
        }
      }
    }
    roleIds = [...within];
  }
  const search = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    ne(users.roleId, LEARNER_ROLE_ID),
    eq(users.userStatus, 'Active'),
    roleIds ? inArray(users.roleId, roleIds) : undefined,
    search ? or(ilike(users.name, search), ilike(users.email, search)) : undefined,
  );
  const data = await db
    .select({ id: users.id, name: users.name, email: users.email, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { data, totalItems: n };
}
