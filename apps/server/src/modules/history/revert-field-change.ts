import { can, type FieldDef, type RevertInput } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest, notFound } from '../../platform/errors';
import type { ResourceService } from '../../resources/engine';
import { ADMIN_ONLY_ACTIONS, assertLearnerVisible, changesOf, type HistorySources, settersOf } from './learner-history';

const TEXT_TYPES = new Set<FieldDef['type']>(['string', 'text', 'email', 'url']);

/**
 * POST /admin/user/history/revert: sets one field of a learner's record back to the value an
 * audited change replaced (decision 015). It goes through the resource's own versioned update:
 * the caller's `version` must be the record's (409 otherwise, nothing written), field rules,
 * row checks and scopes hold as for any edit, and the write is audited as `revert` naming the
 * entry it undoes. Fields that are not set directly (ids, secrets, computed values, fields kept
 * by their own action, fields the role may not write) and entries that are not changes are
 * refused with a 400 saying why.
 */
export async function revertFieldChange(db: Db, actor: Actor, sources: HistorySources, input: RevertInput) {
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, input.auditId));
  const service = entry ? sources.get(entry.entity) : undefined;
  const hidden = entry && actor.role !== 'ADMIN' && ADMIN_ONLY_ACTIONS.includes(entry.action);
  if (!entry || entry.subjectUserId == null || !service || hidden) throw notFound('Change');
  if (!(await isReadable(db, actor, service, entry.subjectUserId))) throw notFound('Change');

  const change = changesOf(service, actor, entry).find((c) => c.field === input.field);
  if (!change) {
    throw badRequest('This change did not touch that field', [
      { path: ['field'], message: 'This change did not touch that field' },
    ]);
  }
  if (!change.revertible) {
    const reason = change.reason ?? 'This field cannot be reverted';
    throw badRequest(reason, [{ path: ['field'], message: reason }]);
  }
  // The earlier value must still pass a schema the actor could set it with (the form's, or an action's).
  const schemas = settersOf(service, input.field)
    .filter((x) => can(actor.role, service.def.permission, x.permission))
    .map((x) => x.schema);
  const value = earlierValue(service.def.fields.find((f) => f.name === input.field)!, change.before, (candidate) => {
    const tried = schemas.map((schema) => schema.safeParse(candidate));
    return tried.find((r) => r.success) ?? tried[0] ?? { success: false, error: { issues: [] } };
  });
  const row = await service.update(
    db,
    actor,
    Number(entry.entityId),
    { [input.field]: value, version: input.version },
    { action: 'revert', revertsAuditId: entry.id },
  );
  return {
    auditId: entry.id,
    entity: entry.entity,
    entityId: String(entry.entityId),
    field: input.field,
    value: row[input.field] ?? null,
    version: row.version as number,
  };
}

/** The entry is one this actor sees in a history: a resource their role reads, a learner in their scope. */
async function isReadable(db: Db, actor: Actor, service: ResourceService, learnerId: number) {
  if (!can(actor.role, service.def.permission, 'read')) return false;
  try {
    await assertLearnerVisible(db, actor, learnerId);
    return true;
  } catch {
    return false;
  }
}

/**
 * The value the change replaced, as the edit form would send it: an empty text was stored as
 * null, so null is offered as '' to text fields. A value the form no longer accepts is refused.
 */
function earlierValue(
  field: FieldDef,
  before: unknown,
  parse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string }[] } },
): unknown {
  const candidates = before === null && TEXT_TYPES.has(field.type) ? [null, ''] : [before];
  let message = 'It is no longer an accepted value';
  for (const candidate of candidates) {
    const parsed = parse(candidate);
    if (parsed.success) return parsed.data ?? candidate;
    message = parsed.error?.issues[0]?.message ?? message;
  }
  throw badRequest(`${field.label} cannot be set back to its earlier value: ${message}`, [
    { path: ['field'], message: `The earlier value is no longer accepted: ${message}` },
  ]);
}
