import { RESOURCES, type ResourceDef } from '@cohort/domain';

/**
 * One registration per resource (react-admin style): the domain definition drives
 * the list, detail and form screens; this adds only what the console needs.
 */
export type ResourceRegistration = {
  def: ResourceDef;
  /** Console url segment: /{slug}, /{slug}/new, /{slug}/{id}. */
  slug: string;
  /** The console offers a create screen (still subject to the def's operations and the role). */
  allowCreate: boolean;
  /** Extra panel on the detail screen. */
  detail?: 'auditDiff';
};

function register(
  path: string,
  slug: string,
  extra: Partial<Omit<ResourceRegistration, 'def' | 'slug'>> = {},
): ResourceRegistration {
  const def = RESOURCES[path];
  if (!def) throw new Error(`Unknown resource "${path}"`);
  return { def, slug, allowCreate: true, ...extra };
}

/** In navigation order. */
export const RESOURCE_REGISTRY: readonly ResourceRegistration[] = [
  register('user', 'learners'),
  register('blog', 'blogs'),
  register('event', 'events'),
  register('audit', 'audit-log', { detail: 'auditDiff' }),
  register('errors', 'server-errors'),
  // Console errors are reported by the error boundary, never typed in by hand.
  register('frontend-errors', 'console-errors', { allowCreate: false }),
];

export function registrationBySlug(slug: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.slug === slug);
}

export function registrationByPath(path: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.def.path === path);
}
