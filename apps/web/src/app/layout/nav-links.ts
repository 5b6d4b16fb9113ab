import { type Action, can, NAV_AREAS, type NavArea, type PermissionResource, type RoleKey } from '@cohort/domain';
import { capabilitiesFor } from '../../features/resources/capabilities';
import { RESOURCE_REGISTRY } from '../resources/registry';

export type NavLinkItem = { label: string; to: string; key: string };
export type NavGroup = { area: NavArea | null; links: NavLinkItem[] };

/** A bespoke page (not drawn from a resource definition) and the permission that opens it. */
type PageRegistration = NavLinkItem & { area: NavArea | null; resource: PermissionResource; action: Action };

/** Pages written by hand register here; `area: null` sits above the groups. */
const PAGES: readonly PageRegistration[] = [
  { key: 'dashboard', label: 'Dashboard', to: '/', area: null, resource: 'dashboard', action: 'read' },
  // The negotiator's queue of placement payments and penalties (decision 018).
  {
    key: 'placement-queue',
    label: 'Placement queue',
    to: '/placement-queue',
    area: 'Placements',
    resource: 'user',
    action: 'updatePenalty',
  },
  { key: 'roles', label: 'Roles', to: '/roles', area: 'Administration', resource: 'role', action: 'list' },
  {
    key: 'security',
    label: 'Security',
    to: '/security',
    area: 'Administration',
    resource: 'twoFactor',
    action: 'manage',
  },
];

/** Navigation for a role, grouped by area: links whose list (or open) permission the role lacks are left out. */
export function navGroupsFor(role: RoleKey | null): NavGroup[] {
  if (!role) return [];
  const groups: NavGroup[] = [null, ...NAV_AREAS].map((area) => ({ area, links: [] }));
  const groupOf = (area: NavArea | null) => groups.find((g) => g.area === area)!;
  for (const page of PAGES.filter((p) => p.area === null)) {
    if (can(role, page.resource, page.action)) groupOf(null).links.push(page);
  }
  for (const reg of RESOURCE_REGISTRY) {
    if (capabilitiesFor(reg, role).list) {
      groupOf(reg.area).links.push({ key: reg.def.path, label: reg.def.pluralLabel, to: `/${reg.slug}` });
    }
  }
  for (const page of PAGES.filter((p) => p.area !== null)) {
    if (can(role, page.resource, page.action)) groupOf(page.area).links.push(page);
  }
  return groups.filter((g) => g.links.length > 0);
}

/** Every link of the role's navigation, in order (the command palette searches these). */
export function navLinksFor(role: RoleKey | null): NavLinkItem[] {
  return navGroupsFor(role).flatMap((g) => g.links.map(({ key, label, to }) => ({ key, label, to })));
}
