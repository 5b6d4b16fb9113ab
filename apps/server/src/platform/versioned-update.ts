import { and, type Column, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { Actor } from './access';
import { audit } from './audit';
import { staleVersion } from './errors';

// biome-ignore lint/suspicious/noExplicitAny: any table with an id and a version column
type VersionedTable = PgTable & { id: Column<any>; version: Column<any> };

/**
 * The optimistic-lock update every module shares with the engine: the row changes only if it
 * still carries the version the caller read (409 otherwise, nothing written), its version goes
 * up by one, and before and after are audited in the same transaction.
 */
export async function updateVersioned<T extends Record<string, unknown>>(
  tx: Tx,
  actor: Actor,
  opts: {
    table: VersionedTable;
    entity: string;
    before: T & { id: number; version: number };
    version: number;
    changes: Record<string, unknown>;
    /** What the audit keeps of a row (the engine leaves out hidden columns). */
    snapshot?: (row: Record<string, unknown>) => unknown;
    /** The audit's action ('update' unless said) and, for a revert, the entry it undoes. */
    audit?: { action: string; revertsAuditId?: number };
  },
): Promise<T> {
  const { table, entity, before, version, changes, snapshot = (row: Record<string, unknown>) => row } = opts;
  if (before.version !== version) throw staleVersion();
  const [after] = await tx
    .update(table)
    .set({ ...changes, updatedAt: new Date(), version: sql`${table.version} + 1` })
    .where(and(eq(table.id, before.id), eq(table.version, version)))
    .returning();
  if (!after) throw staleVersion();
  await audit(tx, actor, {
    action: opts.audit?.action ?? 'update',
    entity,
    entityId: before.id,
    before: snapshot(before),
    after: snapshot(after),
    revertsAuditId: opts.audit?.revertsAuditId,
  });
  return after as T;
}
