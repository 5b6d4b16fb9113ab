import { type RowScope, roleByKey, rowScope } from '@cohort/domain';
import { and, type Column, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { batchMentors, users } from '../db/schema';
import type { Actor } from './access';
import { badRequest } from './errors';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/**
 * Which learners a scoped role sees (spec §6 roles, decision 003): a COLLEGE_ADMIN their
 * college's, a MOTIVATOR the ones they motivate, a MENTOR the ones in batches they mentor.
 * The one definition: the engine's learner resource, the role lists, the dashboard and every
 * module that reads learners take their condition from here.
 */
export const LEARNER_SCOPES: Record<RowScope, (actor: Actor) => SQL> = {
  ownCollege: (a) => (a.user.collegeId ? eq(users.collegeId, a.user.collegeId) : sql`false`),
  ownLearners: (a) => eq(users.motivatorId, a.user.id),
  ownBatches: (a) =>
    sql`${users.batchId} in (select ${batchMentors.batchId} from ${batchMentors} where ${batchMentors.mentorId} = ${a.user.id})`,
};

/** The condition on `users` rows that are learners this actor may see; undefined when they see all. */
export function learnerScope(actor: Actor): SQL | undefined {
  const scope = rowScope(actor.role, 'user');
  return scope ? LEARNER_SCOPES[scope](actor) : undefined;
}

/**
 * For queries over `users` that mix staff and learners (a role's members): staff rows pass,
 * learner rows only inside the actor's scope.
 */
export function usersVisibleTo(actor: Actor): SQL | undefined {
  const scope = learnerScope(actor);
  return scope ? or(ne(users.roleId, LEARNER_ROLE_ID), scope) : undefined;
}

/** Learners (role USER) this actor may see. */
export function learnersVisibleTo(actor: Actor): SQL {
  return and(eq(users.roleId, LEARNER_ROLE_ID), learnerScope(actor))!;
}

const LEARNER_COLUMN = Symbol('learnerColumn');

/**
 * The row scopes of a learner's own records (messages; flags, strikes, holds): a row is
 * inside an actor's scope when the learner its `learnerColumn` names is. Bound as a
 * resource's `scopes`, it limits lists, reads and exports, and the engine refuses a write
 * that would name a learner outside the writer's scope.
 */
export function learnerChildScopes(learnerColumn: Column): Record<RowScope, (actor: Actor) => SQL> {
  const scoped = (learners: (actor: Actor) => SQL) => (actor: Actor) =>
    sql`${learnerColumn} in (select ${users.id} from ${users} where ${users.roleId} = ${LEARNER_ROLE_ID} and ${learners(actor)})`;
  const scopes = {
    ownCollege: scoped(LEARNER_SCOPES.ownCollege),
    ownLearners: scoped(LEARNER_SCOPES.ownLearners),
    ownBatches: scoped(LEARNER_SCOPES.ownBatches),
  };
  // The same declaration says whose history the rows belong to (their audit subject, decision 015).
  Object.defineProperty(scopes, LEARNER_COLUMN, { value: learnerColumn });
  return scopes;
}

/** The column naming the learner, when these scopes came from `learnerChildScopes`. */
export function learnerColumnOf(scopes: object | undefined): Column | undefined {
  return scopes ? (scopes as { [LEARNER_COLUMN]?: Column })[LEARNER_COLUMN] : undefined;
}

/**
 * A learner's own record must name a learner, not a staff account (roles without a scope
 * could otherwise name anyone): for a binding's `afterWrite`, 400 on the field.
 */
export function mustNameLearner(field: string, label = 'Learner') {
  return async (tx: Tx, _actor: Actor, row: Record<string, unknown>): Promise<void> => {
    const [learner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row[field] as number), eq(users.roleId, LEARNER_ROLE_ID)));
    if (!learner)
      throw badRequest(`Choose a ${label.toLowerCase()}`, [
        { path: [field], message: `Choose a ${label.toLowerCase()}` },
      ]);
  };
}
