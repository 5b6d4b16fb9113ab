import { checkMove, currentState, type ResourceDef } from '@cohort/domain';
import { AppError } from '../../platform/errors';
import type { Row } from './binding';

/**
 * Every flow of the resource whose field the write changes must allow the move from the
 * locked row's state (and its guard must hold): otherwise 409 naming the allowed moves, and
 * the transaction writes nothing (decision 018). A write that leaves the state as it is
 * (a deposit extended while still Pending, an edit that resends the status) is no move;
 * a call whose input names the state (`moving`) asks for a move, and staying is refused.
 */
export function assertMoves(
  def: ResourceDef,
  before: Row,
  changes: Row,
  moving: ReadonlySet<string> = new Set(),
): void {
  for (const machine of def.machines ?? []) {
    if (!(machine.field in changes)) continue;
    // Staying put is no move, except for a call whose input names the state it moves to.
    if (changes[machine.field] === before[machine.field] && !moving.has(machine.field)) continue;
    const move = checkMove(machine, before, String(changes[machine.field]));
    if (!move.ok) {
      throw new AppError(409, 'CONFLICT', move.reason, undefined, undefined, {
        state: currentState(machine, before[machine.field]),
        allowed: [...move.allowed],
      });
    }
  }
}
