import { z } from 'zod';
import { apiErrorSchema } from './wire';

/**
 * A flow a record moves through (a learner's placement payment, their penalty, an upfront
 * deposit): its states, and for each state the states it may move to. Moves are named by the
 * state they lead to, so a call that sets the field ("set the penalty to Paid") is a move. The
 * server refuses any other move with 409 and the allowed ones (`allowed`), changing nothing;
 * the console offers only the allowed ones (decision 018).
 */
export type StateMachine<S extends string = string> = {
  /** Its name in texts and tests ("Placement penalty"). */
  label: string;
  /** The record's field that holds the state. */
  field: string;
  states: readonly S[];
  /** Where a record starts. */
  initial: S;
  /** State -> the states it may move to (none: the flow ends there). */
  moves: Readonly<Record<S, readonly S[]>>;
  /**
   * Moves allowed while the field is still empty (a learner who never joined Sharpener-plus);
   * unset: an empty field counts as `initial`.
   */
  fromEmpty?: readonly S[];
  /** The button for a move, by the state it leads to ("Record payment" for Paid). */
  moveLabels?: Partial<Record<S, string>>;
  /**
   * Conditions a move needs beyond its state, over the record as it is: a text saying why the
   * move cannot be made yet (409), or undefined when it can.
   */
  guards?: Partial<Record<S, (row: Readonly<Record<string, unknown>>) => string | undefined>>;
};

/** The state a record is in (an empty field is the initial state unless the flow says otherwise). */
export function currentState<S extends string>(machine: StateMachine<S>, value: unknown): S | null {
  if (value === null || value === undefined || value === '') return machine.fromEmpty ? null : machine.initial;
  return value as S;
}

/** The states a record in `from` may move to. */
export function allowedMoves<S extends string>(machine: StateMachine<S>, from: S | null): readonly S[] {
  if (from === null) return machine.fromEmpty ?? machine.moves[machine.initial] ?? [];
  return machine.moves[from] ?? [];
}

export type MoveCheck = { ok: true } | { ok: false; reason: string; allowed: readonly string[] };

/**
 * Whether a record may move to `to`: a move the flow names from its current state, whose guard
 * (if any) holds for the record. On refusal, the reason for people and the allowed moves.
 */
export function checkMove<S extends string>(
  machine: StateMachine<S>,
  row: Readonly<Record<string, unknown>>,
  to: string,
): MoveCheck {
  const from = currentState(machine, row[machine.field]);
  const allowed = allowedMoves(machine, from);
  const shown = from ?? 'not started';
  if (!allowed.includes(to as S)) {
    const next = allowed.length ? `it can move to ${allowed.join(', ')}` : 'it cannot move from there';
    return {
      ok: false,
      allowed,
      reason: `${machine.label} cannot move from ${shown} to ${to}: ${next}`,
    };
  }
  const guard = machine.guards?.[to as S]?.(row);
  if (guard) return { ok: false, allowed, reason: `${machine.label} cannot move to ${to} yet: ${guard}` };
  return { ok: true };
}

/** Every (from, to) pair of a flow, empty start included: for exhaustive tests and diagrams. */
export function everyMove<S extends string>(machine: StateMachine<S>): { from: S | null; to: S; allowed: boolean }[] {
  const froms: (S | null)[] = [...(machine.fromEmpty ? [null] : []), ...machine.states];
  return froms.flatMap((from) =>
    machine.states.map((to) => ({ from, to, allowed: allowedMoves(machine, from).includes(to) })),
  );
}

/** The flow as a mermaid state diagram (docs and decision 018 are written from it). */
export function mermaidOf<S extends string>(machine: StateMachine<S>): string {
  const id = (s: string) => s.replace(/[^A-Za-z0-9]/g, '_');
  const lines = ['stateDiagram-v2'];
  for (const s of machine.states) lines.push(`  ${id(s)}: ${s}`);
  lines.push(`  [*] --> ${machine.fromEmpty ? 'none' : id(machine.initial)}`);
  if (machine.fromEmpty) {
    lines.push('  none: (empty)');
    for (const to of machine.fromEmpty) lines.push(`  none --> ${id(to)}`);
  }
  for (const s of machine.states) for (const to of machine.moves[s] ?? []) lines.push(`  ${id(s)} --> ${id(to)}`);
  return lines.join('\n');
}

/**
 * A 409 of a call that moves a record through a flow: a stale version or a duplicate (no
 * `allowed`), or a move the flow does not allow from `state` (`allowed`: the states it may move
 * to from there; nothing was changed).
 */
export const moveConflictSchema = apiErrorSchema
  .extend({
    state: z.string().nullable().optional(),
    allowed: z.array(z.string()).optional(),
  })
  .meta({
    id: 'MoveConflict',
    description:
      'A conflict: a stale version or duplicate, or a move the flow does not allow (`allowed` names the states it may move to from `state`)',
  });
