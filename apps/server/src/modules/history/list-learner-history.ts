import type { historyEntrySchema } from '@cohort/domain';
import { and, type Column, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import type { AnyTable } from '../../resources/service';
import {
  ADMIN_ONLY_ACTIONS,
  type AuditRow,
  assertLearnerVisible,
  changesOf,
  type HistorySources,
  noteOf,
  readableEntities,
} from './learner-history';

const impersonators = alias(users, 'impersonators');
type Entry = z.infer<typeof historyEntrySchema>;

/**
 * GET /admin/user/history?userId=: the audit entries of a learner and of their own records
 * (messages, flags, strikes...: every entry whose subject is the learner), newest first, paged,
 * each field by field (decision 015). A scoped role reads only its learners' history (404
 * otherwise), and only entries of resources its role may read.
 */
export async function listLearnerHistory(
  db: Db,
  actor: Actor,
  sources: HistorySources,
  userId: number,
  page: number,
  size: number,
): Promise<{ data: Entry[]; totalItems: number }> {
  await assertLearnerVisible(db, actor, userId);
  const entities = readableEntities(sources, actor);
  if (entities.length === 0) return { data: [], totalItems: 0 };
  const where = and(
    eq(auditLog.subjectUserId, userId),
    inArray(auditLog.entity, entities),
    actor.role === 'ADMIN' ? undefined : notInArray(auditLog.action, ADMIN_ONLY_ACTIONS),
  );
  const rows = await db
    .select({ entry: auditLog, impersonatorName: impersonators.name })
    .from(auditLog)
    .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const versions = await currentVersions(
    db,
    sources,
    rows.map((r) => r.entry),
  );
  const data = rows.map(({ entry, impersonatorName }): Entry => {
    const service = sources.get(entry.entity)!;
    return {
      id: entry.id,
      createdAt: entry.createdAt,
      action: entry.action,
      entity: entry.entity,
      entityLabel: service.def.label,
      entityId: entry.entityId,
      actorId: entry.actorId,
      actorName: entry.actorName,
      impersonatorId: entry.impersonatorId,
      impersonatorName,
      revertsAuditId: entry.revertsAuditId,
      recordVersion: versions.get(`${entry.entity}:${entry.entityId}`) ?? null,
      changes:
        entry.action === 'impersonate' || entry.action === 'stopImpersonation' ? [] : changesOf(service, actor, entry),
      note: noteOf(entry),
    };
  });
  await labelReferences(
    db,
    sources,
    rows.map((r) => r.entry.entity),
    data,
  );
  return { data, totalItems: count };
}

/**
 * A reference field's before and after by name (decision 038): "Hold type: Medical", not 3.
 * One query per target table for the page.
 */
async function labelReferences(db: Db, sources: HistorySources, entities: string[], data: Entry[]): Promise<void> {
  const wanted = new Map<AnyTable, { label: Column; ids: Set<number>; names: Map<number, string> }>();
  const targetOf = (entity: string, field: string) => sources.get(entity)?.shape.targets[field];
  const asId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  data.forEach((entry, i) => {
    for (const c of entry.changes) {
      const target = targetOf(entities[i], c.field);
      if (!target) continue;
      const slot = wanted.get(target.table) ?? { label: target.label, ids: new Set(), names: new Map() };
      for (const v of [c.before, c.after]) if (asId(v) !== null) slot.ids.add(asId(v) as number);
      wanted.set(target.table, slot);
    }
  });
  for (const [table, slot] of wanted) {
    if (slot.ids.size === 0) continue;
    const rows = await db
      .select({ id: table.id as PgColumn, label: slot.label as PgColumn })
      .from(table)
      .where(inArray(table.id as Column, [...slot.ids]));
    for (const r of rows) slot.names.set(r.id as number, String(r.label));
  }
  data.forEach((entry, i) => {
    const service = sources.get(entities[i]);
    for (const c of entry.changes) {
      const target = targetOf(entities[i], c.field);
      if (!target) continue;
      const names = wanted.get(target.table)?.names;
      const name = (v: unknown) => (asId(v) === null ? null : (names?.get(asId(v) as number) ?? null));
      c.beforeLabel = name(c.before);
      c.afterLabel = name(c.after);
      c.reference = service?.def.fields.find((f) => f.name === c.field)?.reference?.resource ?? null;
    }
  });
}

/** The current version of each record a page of entries names (`entity:id` -> version), one query per entity. */
async function currentVersions(db: Db, sources: HistorySources, entries: AuditRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const byEntity = new Map<string, number[]>();
  for (const e of entries) {
    const id = Number(e.entityId);
    if (Number.isInteger(id) && id > 0) byEntity.set(e.entity, [...(byEntity.get(e.entity) ?? []), id]);
  }
  for (const [entity, ids] of byEntity) {
    const table = sources.get(entity)?.binding.table as (AnyTable & { version?: PgColumn }) | undefined;
    if (!table?.version) continue;
    const rows = await db
      .select({ id: table.id as PgColumn, version: table.version })
      .from(table)
      .where(inArray(table.id as Column, [...new Set(ids)]));
    for (const r of rows) out.set(`${entity}:${r.id}`, r.version as number);
  }
  return out;
}
