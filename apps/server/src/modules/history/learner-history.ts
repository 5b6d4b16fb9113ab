import { can, canWriteField, type HistoryChange, hasOperation } from '@cohort/domain';
import type { ZodType } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { auditLog } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { partName } from '../../platform/errors';
import { scopedLearner } from '../../platform/row-scopes';
import type { ResourceService } from '../../resources/engine';

/** The engine's services by audit entity ('user', 'message', 'flag'...): where an entry's fields are declared. */
export type HistorySources = ReadonlyMap<string, ResourceService>;

export function sourcesOf(services: ReadonlyMap<string, ResourceService>): HistorySources {
  return new Map([...services.values()].map((s) => [s.binding.entity, s]));
}

export type AuditRow = typeof auditLog.$inferSelect;
type Row = Record<string, unknown>;

/** Kept by the system on every row: never a change a person made, never set back. */
const SYSTEM_FIELDS = new Set(['id', 'version', 'createdAt', 'updatedAt']);
/** Secrets are stripped when audited; named here too, so an old entry can never bring one back. */
const SECRET_FIELDS = new Set(['passwordHash', 'twoFactorSecret', 'twoFactorPendingSecret', 'tokenHash', 'codeHash']);
/** Entries only an admin reads in a learner's history (why someone acted as them; a sign-up attempt's address). */
export const ADMIN_ONLY_ACTIONS = ['impersonate', 'stopImpersonation', 'registerExisting'];
const REVERTIBLE_ACTIONS = new Set(['update', 'revert']);

/** 404 unless the learner exists and is inside this actor's row scope (a MOTIVATOR's own learners...). */
export async function assertLearnerVisible(db: Db | Tx, actor: Actor, userId: number): Promise<void> {
  await scopedLearner(db, actor, 'user', userId);
}

/** The audit entities this actor may read in a history: those of resources their role may read. */
export function readableEntities(sources: HistorySources, actor: Actor): string[] {
  return [...sources.entries()].filter(([, s]) => can(actor.role, s.def.permission, 'read')).map(([e]) => e);
}

/**
 * The ways a field of a resource is set by a person, each with the schema its value must pass:
 * the edit form (the update schema) and every versioned declared action that takes the field
 * as an input and sets it as given (not computed from the row, as adding points is).
 */
export function settersOf(service: ResourceService, field: string): Setter[] {
  const def = service.def;
  const out: Setter[] = [];
  const form = (def.updateSchema as { shape?: Record<string, ZodType> }).shape ?? {};
  if (hasOperation(def, 'update') && form[field]) out.push({ permission: 'update', schema: form[field] });
  const compute = (service.binding as { compute?: Record<string, unknown> }).compute ?? {};
  for (const a of def.actions ?? []) {
    if (a.versioned === false || compute[a.route.path] || !a.inputs.some((i) => i.name === field)) continue;
    const schema = (a.body.shape as Record<string, ZodType>)[field];
    if (schema) out.push({ permission: a.name, schema });
  }
  return out;
}
export type Setter = { permission: string; schema: ZodType };

/** Entries of these actions are field changes: updates, reverts, and the resource's versioned actions. */
function isChange(service: ResourceService, action: string): boolean {
  if (REVERTIBLE_ACTIONS.has(action)) return true;
  return (service.def.actions ?? []).some((a) => a.name === action && a.versioned !== false);
}

/** Why this actor may not set the field back from this entry, or null when they may. */
export function revertRefusal(service: ResourceService, actor: Actor, action: string, field: string): string | null {
  if (!isChange(service, action)) return 'Only a change to a field can be reverted, not an addition or removal';
  if (SYSTEM_FIELDS.has(field)) return 'Ids, versions and record times are kept by the system';
  if (SECRET_FIELDS.has(field) || service.binding.hidden?.includes(field)) {
    return 'Secrets are never restored from the history';
  }
  const def = service.def;
  const f = def.fields.find((x) => x.name === field);
  const derived = (service.binding as { derived?: Record<string, unknown> }).derived;
  if (!f || derived?.[field]) return 'This value is worked out by the system, so it cannot be set back';
  if (f.type === 'image') return 'An image is replaced by uploading it again';
  const setters = settersOf(service, field);
  if (setters.length === 0) {
    return `${f.label} is changed by its own action, not set directly, so it cannot be reverted here`;
  }
  if (!setters.some((s) => can(actor.role, def.permission, s.permission)) || !canWriteField(f, actor.role)) {
    return `Your role cannot change ${f.label}`;
  }
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An entry field by field, as this actor may see it: fields their role may not read are left
 * out, and each change says whether they may set it back (and why not).
 */
export function changesOf(service: ResourceService, actor: Actor, entry: AuditRow): HistoryChange[] {
  const before = entry.before ? service.toRecord(entry.before as Row, actor) : null;
  const after = entry.after ? service.toRecord(entry.after as Row, actor) : null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: HistoryChange[] = [];
  for (const key of keys) {
    if (SYSTEM_FIELDS.has(key) || SECRET_FIELDS.has(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (before && after && same(b, a)) continue;
    if (!before && a === null) continue;
    const reason = revertRefusal(service, actor, entry.action, key);
    changes.push({
      field: key,
      label: service.def.fields.find((f) => f.name === key)?.label ?? partName(key),
      before: b,
      after: a,
      revertible: reason === null,
      reason,
    });
  }
  return changes;
}

/** Entries that are not field changes, in words. */
export function noteOf(entry: AuditRow): string | null {
  const after = (entry.after ?? {}) as Row;
  switch (entry.action) {
    case 'impersonate':
      return `Acted as this learner: ${String(after.reason ?? '')}`;
    case 'stopImpersonation':
      return 'Stopped acting as this learner';
    case 'revert':
      return entry.revertsAuditId ? `Reverted change #${entry.revertsAuditId}` : null;
    default:
      return null;
  }
}
