import { AUDIT_ACTIONS, type FieldDef, RESOURCES, type ResourceDef } from '@cohort/domain';

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

type Extra = Partial<Omit<ResourceRegistration, 'def' | 'slug'>> & {
  /** Display-only refinements of a field (e.g. known values shown as badges); the API contract is unchanged. */
  fields?: Record<string, Partial<FieldDef>>;
};

function register(path: string, slug: string, { fields, ...extra }: Extra = {}): ResourceRegistration {
  const base = RESOURCES[path];
  if (!base) throw new Error(`Unknown resource "${path}"`);
  const def = fields ? { ...base, fields: base.fields.map((f) => ({ ...f, ...fields[f.name] })) } : base;
  return { def, slug, allowCreate: true, ...extra };
}

/** In navigation order. */
export const RESOURCE_REGISTRY: readonly ResourceRegistration[] = [
  register('user', 'learners'),
  register('blog', 'blogs'),
  register('event', 'events'),
  // The server stores the action as text; its known values read better as badges and a pick list.
  register('audit', 'audit-log', {
    detail: 'auditDiff',
    fields: { action: { type: 'enum', options: AUDIT_ACTIONS } },
  }),
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
