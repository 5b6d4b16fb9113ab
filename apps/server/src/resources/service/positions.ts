import { and, asc, type Column, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import type { AnyTable } from './binding';
import { type ResourceShape, scopeSql } from './shape';

/**
 * Dense positions (1..n) of an ordered resource (one with a `position` column): creates add
 * at the end, deletes close the gap, a reorder renumbers; each serialised by a lock.
 */

const positioned = (shape: ResourceShape) => shape.binding.table as AnyTable & { position: PgColumn };

/** Serialises writes that renumber positions (creates, deletes and reorders of this table). */
export async function lockPositions(shape: ResourceShape, tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`positions:${shape.binding.entity}`}))`);
}

/** The position after the last of the rows `where` selects (1 when there are none). */
export async function nextPosition(shape: ResourceShape, tx: Tx, where: SQL | undefined): Promise<number> {
  const t = positioned(shape);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${t.position as Column}), 0)::int + 1` })
    .from(t)
    .where(where);
  return next;
}

/** Positions stay dense: everything after a removed row's position moves up one. */
export async function closeGap(shape: ResourceShape, tx: Tx, removedAt: number): Promise<void> {
  const t = positioned(shape);
  await tx
    .update(t)
    .set({ position: sql`${t.position} - 1` })
    .where(and(shape.binding.baseWhere, gt(t.position, removedAt)));
}

/**
 * Puts every row of the resource in the given order (positions 1..n), in one transaction.
 * The list must name exactly the rows there are: a list made before someone added or
 * removed one is stale (409), and nothing moves. Each moved row is audited.
 */
export async function reorder(
  shape: ResourceShape,
  db: Db,
  actor: Actor,
  ids: number[],
): Promise<{ id: number; position: number }[]> {
  if (new Set(ids).size !== ids.length) {
    throw badRequest('Each record may appear once', [{ path: ['ids'], message: 'The list repeats a record' }]);
  }
  return db.transaction(async (tx) => {
    await lockPositions(shape, tx);
    const t = positioned(shape);
    const current = (await tx
      .select({ id: t.id as PgColumn, position: t.position })
      .from(t)
      .where(scopeSql(shape, actor))
      .orderBy(asc(t.position))) as { id: number; position: number }[];
    const known = new Set(current.map((r) => r.id));
    if (current.length !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError(409, 'CONFLICT', 'The list changed since you opened it. Reload it and try again.');
    }
    const was = new Map(current.map((r) => [r.id, r.position]));
    const moved = ids.map((id, i) => ({ id, position: i + 1 })).filter((r) => was.get(r.id) !== r.position);
    for (const r of moved) {
      await tx.update(t).set({ position: r.position, updatedAt: new Date() }).where(eq(t.id, r.id));
    }
    await audit(
      tx,
      actor,
      moved.map((r) => ({
        action: 'reorder',
        entity: shape.binding.entity,
        entityId: r.id,
        before: { position: was.get(r.id) },
        after: { position: r.position },
      })),
    );
    return ids.map((id, i) => ({ id, position: i + 1 }));
  });
}
