import {
  type Membership,
  type PermissionResource,
  ROW_SCOPES,
  roleByKey,
  rowScope,
  type ScopeRule,
} from '@cohort/domain';
import { and, type Column, eq, getTableColumns, getTableName, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { batchMentors, leads, users } from '../db/schema';
import type { Actor } from './access';
import { badRequest, notFound } from './errors';

const LEARNER_ROLE_ID = roleByKey('USER')!.id;

// biome-ignore lint/suspicious/noExplicitAny: any table with an id column
type Table = PgTable & { id: Column<any> };

/** The membership tables the domain's `MEMBERSHIPS` name: which column is the group, which the member. */
const MEMBERSHIP_TABLES: Record<Membership, { table: PgTable; group: Column; member: Column }> = {
  batchMentor: { table: batchMentors, group: batchMentors.batchId, member: batchMentors.mentorId },
};

/**
 * Where the rows of a scoped resource live when a rule or a module reaches them by id: a
 * `learner` rule reaches `user`, a `parent` rule its resource. `base` is the condition every
 * read of it applies (learners only, not staff accounts).
 */
const SCOPE_TABLES = {
  user: { table: users, base: eq(users.roleId, LEARNER_ROLE_ID), label: 'Learner' },
  lead: { table: leads, base: undefined, label: 'Lead' },
} satisfies Partial<Record<PermissionResource, { table: Table; base: SQL | undefined; label: string }>>;
type TableResource = keyof typeof SCOPE_TABLES;
const targetOf = (resource: PermissionResource) =>
  (SCOPE_TABLES as Partial<Record<PermissionResource, { table: Table; base: SQL | undefined; label: string }>>)[
    resource
  ];

/** The (resource, role) entries of ROW_SCOPES some query has resolved: the scope walk checks each is read. */
const read = new Set<string>();
export function rowScopesRead(): ReadonlySet<string> {
  return read;
}

function columnOf(table: PgTable, name: string, where: string): Column {
  const column = (getTableColumns(table) as Record<string, Column>)[name];
  if (!column) throw new Error(`Row scope of ${where}: table ${getTableName(table)} has no column ${name}`);
  return column;
}

/** A rule as SQL over `table`'s rows, for this actor. */
function ruleSql(rule: ScopeRule, table: PgTable, actor: Actor, where: string): SQL {
  switch (rule.by) {
    case 'college': {
      const column = columnOf(table, rule.column, where);
      return actor.user.collegeId ? eq(column, actor.user.collegeId) : sql`false`;
    }
    case 'owner':
      return eq(columnOf(table, rule.column, where), actor.user.id);
    case 'membership': {
      const m = MEMBERSHIP_TABLES[rule.through];
      return sql`${columnOf(table, rule.column, where)} in (select ${m.group} from ${m.table} where ${m.member} = ${actor.user.id})`;
    }
    case 'learner':
      return inside(columnOf(table, rule.column, where), actor, 'user');
    case 'parent':
      return inside(columnOf(table, rule.column, where), actor, rule.resource);
    case 'anyOf':
      return or(...rule.rules.map((r) => ruleSql(r, table, actor, where))) ?? sql`false`;
  }
}

/** `column` names a row of `resource` this actor may see (a learner, a lead). */
function inside(column: Column, actor: Actor, resource: PermissionResource): SQL {
  const target = targetOf(resource);
  if (!target) throw new Error(`Row scope: no table for ${resource} (add it to SCOPE_TABLES)`);
  const rule = rowScope(actor.role, resource);
  // The domain's test keeps a rule that follows another resource paired with that resource's own rule.
  const scope = rule ? ruleSql(rule, target.table, actor, `${resource}.${actor.role}`) : sql`false`;
  return sql`${column} in (select ${target.table.id} from ${target.table} where ${and(target.base, scope)})`;
}

/**
 * The condition on `table`'s rows inside the actor's scope of `resource` (ROW_SCOPES in the
 * domain, decision 034); undefined when the role sees every row. The one place a rule becomes SQL:
 * the engine's resources, the modules and the dashboard take their condition from here.
 */
export function scopeWhere(actor: Actor, resource: PermissionResource, table: PgTable): SQL | undefined {
  const rule = rowScope(actor.role, resource);
  if (!rule) return undefined;
  read.add(`${resource}.${actor.role}`);
  return ruleSql(rule, table, actor, `${resource}.${actor.role}`);
}

/** Throws at start when a rule of `resource` names a column `table` does not have. */
export function checkScopeColumns(resource: PermissionResource, table: PgTable): void {
  for (const [role, rule] of Object.entries(ROW_SCOPES[resource] ?? {})) {
    const probe = { role, user: { id: 0, collegeId: 0 } } as unknown as Actor;
    if (rule) ruleSql(rule, table, probe, `${resource}.${role}`);
  }
}

type ScopedOptions = { lock?: boolean; label?: string };

/**
 * One row of a scoped resource by id, inside the actor's scope (404 outside it), optionally
 * locked for update: the helper modules read rows with (a learner, a lead).
 */
export async function scoped<R extends TableResource>(
  db: Db | Tx,
  actor: Actor,
  resource: R,
  id: number,
  options: ScopedOptions = {},
): Promise<(typeof SCOPE_TABLES)[R]['table']['$inferSelect']> {
  const target: { table: Table; base: SQL | undefined; label: string } = SCOPE_TABLES[resource];
  const q = db
    .select()
    .from(target.table)
    .where(and(eq(target.table.id, id), target.base, scopeWhere(actor, resource, target.table)))
    .limit(1);
  const [row] = options.lock ? await q.for('update') : await q;
  if (!row) throw notFound(options.label ?? target.label);
  return row as (typeof SCOPE_TABLES)[R]['table']['$inferSelect'];
}

/**
 * The learner whose records of `resource` these are (an ISA, a student team's member), inside
 * the actor's scope of that resource (404 outside it), optionally locked: for a learner's own
 * records a module reaches through the learner rather than a row of their own.
 */
export async function scopedLearner(
  db: Db | Tx,
  actor: Actor,
  resource: PermissionResource,
  userId: number,
  options: ScopedOptions = {},
): Promise<{ id: number }> {
  const q = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), learnersIn(actor, resource)))
    .limit(1);
  const [row] = options.lock ? await q.for('update') : await q;
  if (!row) throw notFound(options.label ?? 'Learner');
  return row;
}

/**
 * Learners (role USER) this actor may see through `resource`: for `user` its own rule; for a
 * learner's own records the learner their rule names (the same learners, read as that resource).
 */
export function learnersIn(actor: Actor, resource: PermissionResource = 'user'): SQL {
  const learnersOnly = eq(users.roleId, LEARNER_ROLE_ID);
  if (resource === 'user') return and(learnersOnly, scopeWhere(actor, 'user', users))!;
  const rule = rowScope(actor.role, resource);
  if (!rule) return learnersOnly;
  if (rule.by !== 'learner') throw new Error(`learnersIn(): ${resource} is not scoped by its learner`);
  read.add(`${resource}.${actor.role}`);
  return and(learnersOnly, inside(users.id as PgColumn, actor, 'user'))!;
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
