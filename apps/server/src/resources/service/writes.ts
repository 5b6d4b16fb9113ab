import { type ActionSpec, canWriteField, lowerLabel } from '@cohort/domain';
import { and, type Column, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { assertFlowMoves, flowIssues } from '../../platform/flows';
import { updateVersioned } from '../../platform/versioned-update';
import type { AnyTable, Row } from './binding';
import { closeGap, lockPositions, nextPosition } from './positions';
import { getRow, type ResourceShape, scopeSql, toRecord } from './shape';

/**
 * A resource's writes: create, update, declared actions, one column, delete. Each is one
 * transaction with its audit entries, inside the writer's row scope, checked against the
 * field permissions, the binding's row rules and the resource's flows.
 */

/** 400 naming every field of the input this actor's role may not set. */
export function assertWritable(shape: ResourceShape, actor: Actor, input: Row): void {
  const refused = shape.def.fields.filter((f) => f.name in input && !canWriteField(f, actor.role));
  if (refused.length) {
    throw badRequest(
      'Your role cannot change some of these fields',
      refused.map((f) => ({ path: [f.name], message: `Your role cannot change ${f.label}` })),
    );
  }
}

/** 400 with the binding's `check` issues for the row as it will be written. */
function assertValidRow(shape: ResourceShape, row: Row): void {
  const issues = shape.binding.check?.(row) ?? [];
  if (issues.length) throw badRequest(`This ${lowerLabel(shape.def.label)} is not valid`, [...issues]);
}

/** An input as column values: no id or version, datetimes as dates, an empty text as NULL. */
export function toColumnValues(shape: ResourceShape, input: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'version' || k === 'id') continue;
    const field = shape.def.fields.find((f) => f.name === k);
    out[k] = field?.type === 'datetime' && typeof v === 'string' ? new Date(v) : v === '' ? null : v;
  }
  return out;
}

/**
 * A write may not put a row outside the writer's own scope (a college admin adding a record
 * for another college): checked in the write's transaction, so such a write is undone.
 */
export async function assertInScope(shape: ResourceShape, tx: Tx, actor: Actor, id: number): Promise<void> {
  const scope = scopeSql(shape, actor);
  if (!scope) return;
  const [inside] = await tx
    .select({ id: shape.binding.table.id as PgColumn })
    .from(shape.binding.table)
    .where(and(eq(shape.binding.table.id, id), scope));
  // 400, not 403: the console ends the session on a 403 (spec §8), and this is a wrong value, not a wrong role.
  if (!inside)
    throw badRequest('You can only add or change records within your own scope (your college, learners or batches)');
}

const versioned = (shape: ResourceShape) => shape.binding.table as AnyTable & { version: Column };

export async function createRow(shape: ResourceShape, db: Db, actor: Actor, input: Row): Promise<Row> {
  assertWritable(shape, actor, input);
  const values: Row = { ...toColumnValues(shape, input), ...shape.binding.onCreate?.(actor) };
  assertValidRow(shape, values);
  const flowsRefuse = flowIssues(shape.def.flows, values);
  if (flowsRefuse.length) throw badRequest(`This ${lowerLabel(shape.def.label)} is not valid`, flowsRefuse);
  const row = await db.transaction(async (tx) => {
    if (shape.ordered) {
      await lockPositions(shape, tx);
      values.position = await nextPosition(shape, tx, shape.binding.baseWhere);
    }
    const [created] = await tx.insert(shape.binding.table).values(values).returning();
    await assertInScope(shape, tx, actor, created.id as number);
    await shape.binding.afterWrite?.(tx, actor, created as Row);
    await audit(tx, actor, {
      action: 'create',
      entity: shape.binding.entity,
      entityId: created.id as number,
      after: toRecord(shape, created),
    });
    return created as Row;
  });
  return toRecord(shape, await getRow(shape, db, actor, row.id as number), actor);
}

export async function updateRow(
  shape: ResourceShape,
  db: Db,
  actor: Actor,
  id: number,
  input: Row & { version: number },
  /** The audit's action ('update' unless said): a revert names the entry it undoes. */
  auditAs?: { action: string; revertsAuditId?: number },
): Promise<Row> {
  assertWritable(shape, actor, input);
  await db.transaction(async (tx) => {
    const before = (await getRow(shape, tx, actor, id, true)) as Row & { id: number; version: number };
    const changes = toColumnValues(shape, input);
    assertValidRow(shape, { ...before, ...changes });
    assertFlowMoves(shape.def.flows ?? [], before, changes);
    const after = await updateVersioned(tx, actor, {
      table: versioned(shape),
      entity: shape.binding.entity,
      before,
      version: input.version,
      changes,
      snapshot: (row) => toRecord(shape, row),
      audit: auditAs,
    });
    await assertInScope(shape, tx, actor, id);
    await shape.binding.afterWrite?.(tx, actor, after);
  });
  return toRecord(shape, await getRow(shape, db, actor, id), actor);
}

/**
 * A declared action on one record (ActionSpec): the fields of its body (or what the binding
 * computes from the locked row) and the values it always sets, written as one versioned
 * update audited under the action's name, inside the actor's row scope. An action that is
 * not versioned applies to the record as it is now.
 */
export async function actOn(
  shape: ResourceShape,
  db: Db,
  actor: Actor,
  id: number,
  action: ActionSpec,
  input: Row & { version?: number },
): Promise<Row> {
  const idField = action.idField ?? 'id';
  const fields: Row = {};
  for (const [k, v] of Object.entries(input)) if (k !== idField && k !== 'version') fields[k] = v;
  await db.transaction(async (tx) => {
    const before = (await getRow(shape, tx, actor, id, true)) as Row & { id: number; version: number };
    // A move the flow refuses is answered as such before the input is looked at further.
    assertFlowMoves(shape.def.flows ?? [], before, { ...fields, ...action.sets }, new Set(Object.keys(fields)));
    const computed = shape.binding.compute?.[action.route.path];
    const changes = { ...(computed ? computed(before, fields, actor) : fields), ...action.sets };
    assertWritable(shape, actor, changes);
    assertValidRow(shape, { ...before, ...changes });
    assertFlowMoves(shape.def.flows ?? [], before, changes);
    const after = await updateVersioned(tx, actor, {
      table: versioned(shape),
      entity: shape.binding.entity,
      before,
      version: action.versioned === false ? before.version : (input.version as number),
      changes: toColumnValues(shape, changes),
      snapshot: (row) => toRecord(shape, row),
      audit: { action: action.name },
    });
    await assertInScope(shape, tx, actor, id);
    await shape.binding.afterWrite?.(tx, actor, after);
  });
  return toRecord(shape, await getRow(shape, db, actor, id), actor);
}

/** Sets one column outside the form (an uploaded image's URL), versioned and audited. */
export async function setColumn(
  shape: ResourceShape,
  db: Db,
  actor: Actor,
  id: number,
  column: string,
  value: unknown,
  action = 'update',
): Promise<{ before: Row; after: Row }> {
  // A flow's field moves only by its flow (decision 032), never as a bare column.
  if (shape.def.flows?.some((f) => f.field === column)) throw new Error(`${column} is moved by its flow`);
  const before = await db.transaction(async (tx) => {
    const row = await getRow(shape, tx, actor, id, true);
    const t = versioned(shape);
    await tx
      .update(t)
      .set({ [column]: value, version: sql`${t.version} + 1`, updatedAt: new Date() })
      .where(eq(t.id, id));
    await audit(tx, actor, {
      action,
      entity: shape.binding.entity,
      entityId: id,
      before: { [column]: row[column] },
      after: { [column]: value },
    });
    return row;
  });
  return { before, after: toRecord(shape, await getRow(shape, db, actor, id), actor) };
}

/** Deletes one row in the actor's scope (positions close up); answers the row as it was. */
export async function removeRow(shape: ResourceShape, db: Db, actor: Actor, id: number): Promise<Row> {
  return db.transaction(async (tx) => {
    if (shape.ordered) await lockPositions(shape, tx);
    const before = await getRow(shape, tx, actor, id, true);
    await tx.delete(shape.binding.table).where(eq(shape.binding.table.id, id));
    if (shape.ordered) await closeGap(shape, tx, before.position as number);
    await shape.binding.afterRemove?.(tx, actor, before);
    await audit(tx, actor, {
      action: 'delete',
      entity: shape.binding.entity,
      entityId: id,
      before: toRecord(shape, before),
    });
    return before;
  });
}
