import { roleByKey } from '@cohort/domain';
import { and, asc, count, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffAttendance, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { scopeWhere } from '../../platform/row-scopes';
import { findRole } from './find-role';

export const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  status: users.userStatus,
};

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/** Members of a role: members of the learner role are learners, so a scoped role sees only its own. */
function membersOf(actor: Actor, roleId: number) {
  const learners = scopeWhere(actor, 'user', users);
  return and(eq(users.roleId, roleId), learners && or(ne(users.roleId, LEARNER_ROLE_ID), learners));
}

/** A page of a role's members. */
export async function listRoleMembers(db: Db, actor: Actor, roleId: number, page: number, size: number) {
  await findRole(db, roleId);
  const where = membersOf(actor, roleId);
  const data = await db
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { data, totalItems: n };
}

/** A page of a role's members with their attendance on one day. */
export async function listRoleAttendance(
  db: Db,
  actor: Actor,
  input: { roleId: number; date: string },
  page: number,
  size: number,
) {
  await findRole(db, input.roleId);
  const where = membersOf(actor, input.roleId);
  const data = await db
    .select({ ...memberColumns, attendance: staffAttendance.status, note: staffAttendance.note })
    .from(users)
    .leftJoin(staffAttendance, and(eq(staffAttendance.userId, users.id), eq(staffAttendance.day, input.date)))
    .where(where)
    .orderBy(asc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { data, totalItems: n };
}
