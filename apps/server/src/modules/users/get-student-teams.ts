import { isScoped, type StudentTeamDetails, type StudentTeams } from '@cohort/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentTeamMembers, studentTeams, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { learnersIn, scopedLearner } from '../../platform/row-scopes';
import type { ResourceService } from '../../resources/engine';

type Role = 'manager' | 'member';

/**
 * GET /admin/user/student/team/get?userId=: the student teams a learner is in, with their role
 * and the team's size. The learner must be one the actor may see (404 otherwise).
 */
export async function getStudentTeams(
  db: Db,
  actor: Actor,
  /** Unused: the learner is read in the student team's own scope; kept while the routes file passes it. */
  _learners: ResourceService,
  learnerId: number,
): Promise<StudentTeams> {
  await scopedLearner(db, actor, 'studentTeam', learnerId);
  const rows = await db
    .select({
      id: studentTeams.id,
      name: studentTeams.name,
      project: studentTeams.project,
      role: studentTeamMembers.role,
      createdAt: studentTeams.createdAt,
      memberCount: sql<number>`(select count(*)::int from ${studentTeamMembers} m where m.team_id = ${studentTeams.id})`,
    })
    .from(studentTeamMembers)
    .innerJoin(studentTeams, eq(studentTeams.id, studentTeamMembers.teamId))
    .where(eq(studentTeamMembers.userId, learnerId))
    .orderBy(asc(studentTeams.name), asc(studentTeams.id));
  const data = rows.map((r) => ({ ...r, role: r.role as Role }));
  return { userId: learnerId, data, totalItems: data.length };
}

/**
 * GET /admin/user/student/team/details?teamId=: a team and its members, the manager first. A
 * scoped role sees the members who are its own learners and only a count of the others; a
 * team with none of its learners is a 404 to it.
 */
export async function getStudentTeamDetails(db: Db, actor: Actor, teamId: number): Promise<StudentTeamDetails> {
  const [team] = await db.select().from(studentTeams).where(eq(studentTeams.id, teamId));
  if (!team) throw notFound('Student team');
  const members = await db
    .select({
      userId: studentTeamMembers.userId,
      role: studentTeamMembers.role,
      joinedAt: studentTeamMembers.createdAt,
    })
    .from(studentTeamMembers)
    .where(eq(studentTeamMembers.teamId, teamId))
    .orderBy(asc(studentTeamMembers.createdAt), asc(studentTeamMembers.id));
  const ids = members.map((m) => m.userId);
  const visible = ids.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(inArray(users.id, ids), learnersIn(actor, 'studentTeam')))
    : [];
  const byId = new Map(visible.map((u) => [u.id, u]));
  if (isScoped(actor.role, 'studentTeam') && !visible.length) throw notFound('Student team');
  const shown = members
    .filter((m) => byId.has(m.userId))
    .map((m) => ({ ...m, role: m.role as Role, name: byId.get(m.userId)!.name, email: byId.get(m.userId)!.email }))
    .sort((a, b) => Number(b.role === 'manager') - Number(a.role === 'manager'));
  return {
    id: team.id,
    name: team.name,
    project: team.project,
    batchId: team.batchId,
    createdAt: team.createdAt,
    members: shown,
    hiddenMembers: members.length - shown.length,
  };
}
