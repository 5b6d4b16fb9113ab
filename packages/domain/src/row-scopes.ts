import { PERMISSIONS, type PermissionResource } from './permissions';
import type { RoleKey } from './roles';

/**
 * Row scopes as data (decision 034): for these (resource, role) pairs the role sees only some
 * rows, and the rule says which. The server's engine, the modules' `scoped()` helper, the
 * dashboard and the console read this one table; the server resolves each rule against the
 * table it queries (a column named here that the table lacks stops the server at start).
 *
 * The vocabulary:
 * - `college`: the row's own college column is the actor's college.
 * - `owner`: the row's column names the actor (a learner's motivator, a lead's owner).
 * - `membership`: the row's column names a group the actor is a member of, through a
 *   membership table (`MEMBERSHIPS`: a mentor's batches).
 * - `learner`: the row's column names a learner the actor may see (the `user` resource's rule
 *   for the same role): a learner's own records follow their learner.
 * - `parent`: the row's column names a row of another scoped resource the actor may see (a
 *   call follows its lead).
 * - `anyOf`: inside any of the rules (a motivator's leads: their learners' and the ones they own).
 */
export type ScopeRule =
  | { by: 'college'; column: string }
  | { by: 'owner'; column: string }
  | { by: 'membership'; column: string; through: Membership }
  | { by: 'learner'; column: string }
  | { by: 'parent'; resource: PermissionResource; column: string }
  | { by: 'anyOf'; rules: readonly ScopeRule[] };

/**
 * Membership tables a scope may reach rows through, by name; the server maps each to its
 * table (group column, member column). `batchMentor`: the batches a mentor mentors.
 */
export const MEMBERSHIPS = ['batchMentor'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

/** A learner's own record: the same roles as learners are scoped, each by the learner the column names. */
function learnerOwned(roles: readonly RoleKey[], column = 'userId'): Partial<Record<RoleKey, ScopeRule>> {
  return Object.fromEntries(roles.map((r) => [r, { by: 'learner', column }]));
}

/**
 * Every entry is read by something (a route of the resource the role may call applies it:
 * `platform/scope-walk.test.ts`), and names a role the matrix grants something on the resource.
 */
export const ROW_SCOPES: Partial<Record<PermissionResource, Partial<Record<RoleKey, ScopeRule>>>> = {
  // Learners (spec §6 roles, decision 003): a college admin their college's, a motivator the
  // ones they motivate, a mentor the ones in batches they mentor.
  user: {
    COLLEGE_ADMIN: { by: 'college', column: 'collegeId' },
    MOTIVATOR: { by: 'owner', column: 'motivatorId' },
    MENTOR: { by: 'membership', column: 'batchId', through: 'batchMentor' },
  },
  // A learner's own records (decisions 013, 014, 017, 018) follow their learner's scope.
  message: learnerOwned(['MOTIVATOR', 'MENTOR']),
  submission: learnerOwned(['COLLEGE_ADMIN', 'MENTOR']),
  hold: learnerOwned(['MOTIVATOR']),
  subscription: learnerOwned(['MOTIVATOR']),
  isa: learnerOwned(['MOTIVATOR']),
  mailOutbox: learnerOwned(['MOTIVATOR']),
  userFlag: learnerOwned(['MOTIVATOR', 'MENTOR']),
  strike: learnerOwned(['COLLEGE_ADMIN', 'MOTIVATOR', 'MENTOR']),
  notWorkingWarning: learnerOwned(['COLLEGE_ADMIN', 'MOTIVATOR', 'MENTOR']),
  reactivation: learnerOwned(['MOTIVATOR']),
  mentorTeam: learnerOwned(['MOTIVATOR', 'MENTOR']),
  // A team's members: a scoped role sees a team through the members who are its learners.
  studentTeam: learnerOwned(['MOTIVATOR', 'MENTOR']),
  // The CRM (decision 022): a motivator works the leads of their learners and the leads they
  // own (people who are not learners yet have no learner to be scoped by); a call follows its lead.
  lead: {
    MOTIVATOR: {
      by: 'anyOf',
      rules: [
        { by: 'learner', column: 'userId' },
        { by: 'owner', column: 'ownerId' },
      ],
    },
  },
  callHistory: { MOTIVATOR: { by: 'parent', resource: 'lead', column: 'leadId' } },
  appointment: learnerOwned(['MOTIVATOR', 'MENTOR']),
};

/** The rule limiting what `role` sees of `resource`, or undefined when it sees every row. */
export function rowScope(role: RoleKey, resource: PermissionResource): ScopeRule | undefined {
  return ROW_SCOPES[resource]?.[role];
}

/** True when `role` sees only some rows of `resource` (a list of "mine", not "all"). */
export function isScoped(role: RoleKey, resource: PermissionResource): boolean {
  return rowScope(role, resource) !== undefined;
}

/** The resources a rule reaches beyond its own row (`learner`: user; `parent`: its resource), for checks. */
export function scopeDependencies(rule: ScopeRule): PermissionResource[] {
  switch (rule.by) {
    case 'learner':
      return ['user'];
    case 'parent':
      return [rule.resource];
    case 'anyOf':
      return rule.rules.flatMap(scopeDependencies);
    default:
      return [];
  }
}

/** Every (resource, role) entry with its rule. */
export function rowScopeEntries(): { resource: PermissionResource; role: RoleKey; rule: ScopeRule }[] {
  return Object.entries(ROW_SCOPES).flatMap(([resource, byRole]) =>
    Object.entries(byRole ?? {}).map(([role, rule]) => ({
      resource: resource as PermissionResource,
      role: role as RoleKey,
      rule: rule as ScopeRule,
    })),
  );
}

/** Every action the matrix names for a resource (the standard ones and its own). */
export function grantedActions(role: RoleKey, resource: PermissionResource): string[] {
  const grants = PERMISSIONS[resource] as Partial<Record<string, readonly RoleKey[]>>;
  return Object.entries(grants)
    .filter(([, roles]) => roles?.includes(role))
    .map(([action]) => action);
}
