import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskSubmissions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import type { ResourceService } from '../../resources/engine';

/**
 * A learner's work per assignment: tasks submitted and reviewed, and the last submission,
 * most recent first. A learner outside the actor's scope is a 404.
 */
export async function listLearnerAssignments(db: Db, actor: Actor, learners: ResourceService, userId: number) {
  await learners.get(db, actor, userId);
  const lastSubmittedAt = sql<Date>`max(${taskSubmissions.submittedAt})`.mapWith(taskSubmissions.submittedAt);
  const data = await db
    .select({
      assignmentId: taskSubmissions.assignmentId,
      tasksSubmitted: sql<number>`count(*)::int`,
      tasksReviewed: sql<number>`(count(*) filter (where ${taskSubmissions.status} = 'Reviewed'))::int`,
      lastSubmittedAt,
    })
    .from(taskSubmissions)
    .where(eq(taskSubmissions.userId, userId))
    .groupBy(taskSubmissions.assignmentId)
    .orderBy(desc(lastSubmittedAt));
  return { userId, data, totalItems: data.length };
}
