import type { MentorTeam } from '@cohort/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mentorTeamMembers, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { scopedLearner } from '../../platform/row-scopes';
import type { ResourceService } from '../../resources/engine';

/**
 * GET /admin/user/mentor-team/{id}: the mentors looking after learner {id}, the manager first.
 * The learner must be one the actor may see (404 otherwise, like the learner's own page).
 */
export async function getMentorTeam(
  db: Db,
  actor: Actor,
  /** Unused: the learner is read in the mentor team's own scope; kept while the routes file passes it. */
  _learners: ResourceService,
  learnerId: number,
) {
  await scopedLearner(db, actor, 'mentorTeam', learnerId);
  const rows = await db
    .select({
      id: mentorTeamMembers.id,
      userId: mentorTeamMembers.userId,
      mentorId: mentorTeamMembers.mentorId,
      mentorName: users.name,
      mentorEmail: users.email,
      role: mentorTeamMembers.role,
      assignedByName: mentorTeamMembers.assignedByName,
      createdAt: mentorTeamMembers.createdAt,
    })
    .from(mentorTeamMembers)
    .innerJoin(users, eq(users.id, mentorTeamMembers.mentorId))
    .where(eq(mentorTeamMembers.userId, learnerId))
    .orderBy(asc(mentorTeamMembers.createdAt), asc(mentorTeamMembers.id));
  const data = rows
    .map((r) => ({ ...r, role: r.role as 'manager' | 'member' }))
    .sort((a, b) => Number(b.role === 'manager') - Number(a.role === 'manager'));
  return { userId: learnerId, data, totalItems: data.length } satisfies MentorTeam;
}
