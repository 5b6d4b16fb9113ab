import { type RoleKey, roleByKey } from '@cohort/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import type { Progress } from '../../platform/progress';
import type { ResourceService } from '../../resources/engine';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

/** Learners updated and audited at a time: a progress report after each. */
const SLICE = 2000;

type Assignment = {
  /** The learner column set: `ownerId` or `motivatorId`. */
  column: 'ownerId' | 'motivatorId';
  /** The staff member assigned; their built-in role must be one of `roles`. */
  staffId: number;
  roles: readonly RoleKey[];
  /** The body key that named them, for the 400. */
  field: string;
  /** Audit action: one entry per learner whose value changed. */
  action: string;
};

/** Gives many learners an owner (or a motivator), who must be an active member of the right staff role. */
export async function assignLearners(
  db: Db,
  actor: Actor,
  learners: ResourceService,
  input: { userIds?: number[]; filters?: string },
  a: Assignment,
  progress?: Progress,
): Promise<{ updated: number; unchanged: number }> {
  const [staff] = await db
    .select({ id: users.id, roleId: users.roleId, userStatus: users.userStatus })
    .from(users)
    .where(eq(users.id, a.staffId));
  if (staff?.userStatus !== 'Active' || !a.roles.includes(await effectiveRole(db, staff.roleId))) {
    const who = a.roles.map((r) => roleByKey(r)!.name.toLowerCase()).join(' or ');
    throw badRequest(`Choose an active ${who}`, [{ path: [a.field], message: `Choose an active ${who}` }]);
  }
  return setLearnersColumn(
    db,
    actor,
    learners,
    input,
    { column: a.column, value: a.staffId, action: a.action },
    progress,
  );
}

/**
 * Sets one column of many learners in one transaction: the rows chosen (`userIds`) or every
 * learner the list's filters match, inside the actor's row scope (a chosen learner outside it
 * refuses the whole call). Learners who already hold the value are left as they are; every
 * change is versioned and audited per learner under `action`.
 */
export async function setLearnersColumn(
  db: Db,
  actor: Actor,
  learners: ResourceService,
  input: { userIds?: number[]; filters?: string },
  a: { column: 'ownerId' | 'motivatorId' | 'userStatus'; value: number | string; action: string },
  progress?: Progress,
): Promise<{ updated: number; unchanged: number }> {
  if ((input.userIds ? 1 : 0) + (input.filters !== undefined ? 1 : 0) !== 1) {
    throw badRequest('Choose learners, or send the list’s filters to take every learner they match', [
      { path: ['userIds'], message: 'Choose learners, or send the filters' },
    ]);
  }
  const { where } = learners.parseListQuery(actor, { filters: input.filters });
  const chosen: SQL | undefined = input.userIds ? inArray(users.id, [...new Set(input.userIds)]) : undefined;
  const column = users[a.column];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, version: users.version, current: column })
      .from(users)
      .where(and(eq(users.roleId, LEARNER_ROLE_ID), where, chosen))
      .for('update');
    if (input.userIds && rows.length !== new Set(input.userIds).size) {
      const missing = new Set(input.userIds.map(Number));
      for (const r of rows) missing.delete(r.id);
      throw badRequest(`${missing.size} of the chosen learners are not learners you can change`, [
        { path: ['userIds'], message: `Not learners you can change: ${[...missing].slice(0, 10).join(', ')}` },
      ]);
    }
    const changing = rows.filter((r) => r.current !== a.value);
    progress?.(0, changing.length);
    // In slices, each updated and audited before the next (one INSERT may carry at most 65,535
    // bound values), so the caller can be told how far the change is.
    for (let i = 0; i < changing.length; i += SLICE) {
      const slice = changing.slice(i, i + SLICE);
      await tx
        .update(users)
        .set({ [a.column]: a.value, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(
          inArray(
            users.id,
            slice.map((r) => r.id),
          ),
        );
      await audit(
        tx,
        actor,
        slice.map((r) => ({
          action: a.action,
          entity: 'user',
          entityId: r.id,
          before: { [a.column]: r.current },
          after: { [a.column]: a.value },
        })),
      );
      progress?.(i + slice.length, changing.length);
    }
    return { updated: changing.length, unchanged: rows.length - changing.length };
  });
}
