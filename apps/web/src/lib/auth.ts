import { type Action, can, type PermissionResource, type RoleKey, roleByName } from '@cohort/domain';
import { useAppStore } from './store';

/** localStorage key of the spec's "2FA verified" local flag (§6). */
export const TWO_FACTOR_VERIFIED_KEY = 'twoFactorVerified';

export function markTwoFactorVerified(): void {
  try {
    localStorage.setItem(TWO_FACTOR_VERIFIED_KEY, 'true');
  } catch {
    // storage unavailable: the flag is informational only
  }
}

export function roleKeyOf(roleName: string | undefined | null): RoleKey | null {
  return roleName ? (roleByName(roleName)?.key ?? null) : null;
}

/** The signed-in user's role key, or null when logged out. */
export function useRoleKey(): RoleKey | null {
  return useAppStore((s) => roleKeyOf(s.user?.role));
}

/** Permission check for the signed-in user; false when logged out. */
export function useCan(): (resource: PermissionResource, action: Action) => boolean {
  const role = useRoleKey();
  return (resource, action) => (role ? can(role, resource, action) : false);
}
