/**
 * The ten roles of spec §6. `name` is the spec's role name (what the API returns
 * as `user.role`), `key` the identifier code uses, `id` the spec's role id.
 * HR has no id in the spec; it gets 10 (docs/decisions/003-roles-and-permissions.md).
 */
export const ROLES = [
  { id: 1, key: 'ADMIN', name: 'ADMIN', label: 'Admin' },
  { id: 2, key: 'USER', name: 'USER', label: 'Learner' },
  { id: 3, key: 'MOTIVATOR', name: 'MOTIVATOR', label: 'Motivator' },
  { id: 4, key: 'MARKETING', name: 'MARKETING', label: 'Marketing' },
  { id: 5, key: 'MENTOR', name: 'MENTOR', label: 'Mentor' },
  {
    id: 6,
    key: 'STRATEGIC_PARTNERSHIP',
    name: 'STRATEGIC PARTNERSHIP',
    label: 'Strategic partnership',
  },
  { id: 7, key: 'KEY_ACCOUNT_MANAGER', name: 'KEY ACCOUNT MANAGER', label: 'Key account manager' },
  { id: 8, key: 'NEGOTIATOR', name: 'NEGOTIATOR', label: 'Negotiator' },
  { id: 9, key: 'COLLEGE_ADMIN', name: 'COLLEGE_ADMIN', label: 'College admin' },
  { id: 10, key: 'HR', name: 'HR', label: 'HR' },
] as const;

export type Role = (typeof ROLES)[number];
export type RoleKey = Role['key'];
export type RoleName = Role['name'];

export const ROLE_KEYS = ROLES.map((r) => r.key) as RoleKey[];
export const STAFF_ROLE_KEYS = ROLE_KEYS.filter((k) => k !== 'USER');

const byId = new Map<number, Role>(ROLES.map((r) => [r.id, r]));
const byKey = new Map<string, Role>(ROLES.map((r) => [r.key, r]));
const byName = new Map<string, Role>(ROLES.map((r) => [r.name, r]));

export function roleById(id: number): Role | undefined {
  return byId.get(id);
}
export function roleByKey(key: string): Role | undefined {
  return byKey.get(key);
}
/** Accepts either the spec name ("KEY ACCOUNT MANAGER") or the key ("KEY_ACCOUNT_MANAGER"). */
export function roleByName(name: string): Role | undefined {
  return byName.get(name) ?? byKey.get(name);
}

/** Team member role (spec §6). */
export const TEAM_MEMBER_ROLES = ['manager', 'member'] as const;
/** Contact-person types (spec §6). */
export const CONTACT_PERSON_TYPES = ['Hiring Manager', 'Student', 'Blog User'] as const;
