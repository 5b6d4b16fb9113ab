import { ROLES, roleByKey } from '@cohort/domain';
import type { Role } from './api/role-types';

export const USER_ROLE_ID = roleByKey('USER')!.id;

/** Built-in staff roles (every built-in role but USER): what a new role can be based on. */
export const BUILT_IN_STAFF_ROLE_IDS: readonly number[] = ROLES.filter((r) => r.key !== 'USER').map((r) => r.id);

export type RoleOption = { value: string; label: string };

function option(role: Role): RoleOption {
  return { value: String(role.id), label: role.name };
}

/** "Based on" choices for a new role: the built-in staff roles (ids 1 and 3-10). */
export function baseRoleOptions(roles: readonly Role[]): RoleOption[] {
  return roles.filter((r) => r.builtIn && BUILT_IN_STAFF_ROLE_IDS.includes(r.id)).map(option);
}

/** "Parent role" choices for a sub-role: any staff role, built-in or custom (not USER). */
export function parentRoleOptions(roles: readonly Role[]): RoleOption[] {
  return roles.filter((r) => r.id !== USER_ROLE_ID).map(option);
}

export function roleNameOf(roles: readonly Role[], id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  return roles.find((r) => r.id === id)?.name ?? `#${id}`;
}

/** Where a member goes when this role is taken from them: the parent role, or USER for a built-in role. */
export function removalTarget(roles: readonly Role[], role: Role): { name: string; learner: boolean } {
  if (role.parentRoleId !== null)
    return { name: roleNameOf(roles, role.parentRoleId) ?? 'the parent role', learner: false };
  return { name: roleNameOf(roles, USER_ROLE_ID) ?? 'USER', learner: true };
}
