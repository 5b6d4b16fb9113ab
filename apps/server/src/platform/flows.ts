import {
  checkMove,
  checkNamedMove,
  currentState,
  type Flow,
  type FlowRow,
  type MoveCheck,
  openMoves,
  rowFits,
} from '@cohort/domain';
import { and, type Column, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { type AuditActor, audit } from './audit';
import { AppError, staleVersion } from './errors';

/**
 * The one place a status changes (decision 032). Every writer of a flow's field comes here:
 * the engine's updates and actions (`assertFlowMoves`, before its versioned write), and every
 * module, sweep and revert (`moveStatus`: lock, version, move, guard, write, audit). A move the
 * flow refuses is one 409 everywhere: `{ message, code, state, allowed }`, nothing written.
 * `flows.test.ts` greps the server's sources for writes of a flow's field anywhere else.
 */

/** The 409 of a refused move: its reason, the state the record is in and the moves open from there. */
export function moveRefused(check: Extract<MoveCheck, { ok: false }>): AppError {
  return new AppError(409, 'CONFLICT', check.reason, undefined, undefined, {
    state: check.state,
    allowed: [...check.allowed],
  });
}

/**
 * The engine's check (an update or an action of a resource with flows): every flow whose field
 * the write changes must allow the move from the locked row's state (guard and required fields
 * included, over the row as it will be). A write that leaves the state as it is (a deposit
 * extended while still Pending, an edit that resends the status) is no move; a call whose input
 * names the state (`moving`) asks for a move, and staying is refused.
 */
export function assertFlowMoves(
  flows: readonly Flow[],
  before: FlowRow,
  changes: FlowRow,
  moving: ReadonlySet<string> = new Set(),
): void {
  for (const flow of flows) {
    if (!(flow.field in changes)) continue;
    if (changes[flow.field] === before[flow.field] && !moving.has(flow.field)) continue;
    const check = checkMove(flow, before, String(changes[flow.field]), { ...before, ...changes });
    if (!check.ok) throw moveRefused(check);
  }
}

/**
 * A new record (an engine create, an imported row) starts where its flows allow: at the start,
 * or in a state whose entering move's guard holds for it (`rowFits`). The issues name the field.
 */
export function flowIssues(flows: readonly Flow[] | undefined, row: FlowRow): { path: string[]; message: string }[] {
  return (flows ?? []).flatMap((flow) => {
    const why = rowFits(flow, row);
    return why ? [{ path: [flow.field], message: why }] : [];
  });
}

// biome-ignore lint/suspicious/noExplicitAny: any table with an id, a version and an updatedAt column
type FlowTable = PgTable & { id: Column<any>; version: Column<any>; updatedAt: Column<any> };

export type MoveStatus<T> = {
  flow: Flow;
  table: FlowTable;
  /** The audit's entity ('learnerIsa'). */
  entity: string;
  id: number;
  /** The move's name (for a flow the engine sets, the state it leads to). */
  move: string;
  /** The version the caller read: a stale one is a 409 (unset: the row as it is now). */
  version?: number;
  /** Other fields written with the move (an ISA's new dates, a decision's note). */
  changes?: Record<string, unknown> | ((before: T) => Record<string, unknown>);
  /** The row leaves the flow (an ISA removed): it keeps the state it had, as history. */
  leaves?: boolean;
  /** The audit's action (unset: the move's name). */
  auditAs?: string;
  /** What the audit keeps of a row. */
  snapshot?: (row: Record<string, unknown>) => unknown;
};

/**
 * Moves one record through its flow, in the caller's transaction: locks the row, checks the
 * version (when given), that the move starts from the row's state, its guard and the fields it
 * requires, and that only the system makes a system move; then writes the state with `changes`
 * (version up by one) and audits before and after under the move's name. Returns both rows and
 * where the move led.
 */
export async function moveStatus<T extends Record<string, unknown>>(
  tx: Tx,
  actor: AuditActor,
  opts: MoveStatus<T>,
): Promise<{ before: T; after: T; to: string }> {
  const { flow, table, id } = opts;
  const [before] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as T[];
  if (!before) throw new AppError(404, 'NOT_FOUND', `${flow.label} not found`);
  if (opts.version !== undefined && opts.version !== before.version) throw staleVersion();
  const changes = typeof opts.changes === 'function' ? opts.changes(before) : (opts.changes ?? {});
  const step = flow.moves.find((m) => m.move === opts.move);
  const to = step?.to ?? opts.move;
  const check = checkNamedMove(flow, before, opts.move, { ...before, ...changes, [flow.field]: to });
  if (!check.ok) throw moveRefused(check);
  if (check.step.system && !actor.system) {
    const state = currentState(flow, before[flow.field]);
    const reason = `${flow.label}: "${check.step.label ?? check.step.move}" is made by the system only`;
    throw moveRefused({ ok: false, reason, state, allowed: openMoves(flow, state) });
  }
  const [after] = (await tx
    .update(table)
    .set({
      ...changes,
      ...(opts.leaves ? {} : { [flow.field]: check.to }),
      updatedAt: new Date(),
      version: sql`${table.version} + 1`,
    })
    .where(and(eq(table.id, id), eq(table.version, before.version as number)))
    .returning()) as T[];
  if (!after) throw staleVersion();
  const snapshot = opts.snapshot ?? ((row: Record<string, unknown>) => row);
  await audit(tx, actor, {
    action: opts.auditAs ?? opts.move,
    entity: opts.entity,
    entityId: id,
    before: snapshot(before),
    after: snapshot(after),
  });
  return { before, after, to: check.to };
}
