import { can, type PermissionResource, type RoleKey } from '@cohort/domain';
import { capabilitiesFor } from '../../features/resources/capabilities';
import { RESOURCE_REGISTRY } from '../../features/resources/registry';

export type NavLinkItem = { label: string; to: string; key: string };

/** The registration the Roles link follows (it sits right after "Audit log"). */
const ROLES_AFTER_SLUG = 'audit-log';

/** Navigation for a role: links whose list (or read) permission the role lacks are left out. */
export function navLinksFor(role: RoleKey | null): NavLinkItem[] {
  if (!role) return [];
  const allowed = (resource: PermissionResource, action: 'read' | 'manage') => can(role, resource, action);
  const links: NavLinkItem[] = [];
  if (allowed('dashboard', 'read')) links.push({ key: 'dashboard', label: 'Dashboard', to: '/' });
  for (const reg of RESOURCE_REGISTRY) {
    if (capabilitiesFor(reg, role).list)
      links.push({ key: reg.def.path, label: reg.def.pluralLabel, to: `/${reg.slug}` });
    if (reg.slug === ROLES_AFTER_SLUG && can(role, 'role', 'list'))
      links.push({ key: 'roles', label: 'Roles', to: '/roles' });
  }
  if (allowed('twoFactor', 'manage')) links.push({ key: 'security', label: 'Security', to: '/security' });
  return links;
}
