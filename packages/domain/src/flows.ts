import { z } from 'zod';
import { apiErrorSchema } from './wire';

/**
 * The one way a status moves (decision 032). A flow is a field of a record (an ISA's status, a
 * learner's placement penalty, a lead's follow-up) and the named moves between its states:
 * `{ move, from, to, guard?, requires? }`. A move may be made only from a state it lists, only
 * while its guard holds for the record as it is, and only with the fields it requires filled;
 * anything else is refused with one 409 (`moveConflictSchema`: the state and the moves open
 * from it), changing nothing. The server writes every status through one helper that checks
 * this (apps/server/src/platform/flows.ts); sweeps take their candidates from `fromStates`;
 * the console offers the moves `openMoves` names; the demo seed is checked with `rowFits`.
 *
 * Two ways to declare one: `namedFlow` (the ISA: moves with names of their own, several
 * (from, to) pairs per name) and `setFlow` (a field the engine sets: a move is named by the
 * state it leads to, "set the penalty to Paid"). Both give the same `Flow`.
 */

/** A record as a flow reads it (its fields by name). */
export type FlowRow = Readonly<Record<string, unknown>>;
/** Why a move cannot be made yet, or undefined when it can. */
export type FlowGuard = (row: FlowRow) => string | undefined;

export type FlowMove<S extends string = string> = {
  /** Its name: an ISA move ("verify"), or for a set-field flow the state it leads to. */
  move: string;
  /** The states it may start from; null: a record whose field is still empty. */
  from: readonly (S | null)[];
  to: S;
  /** Its button and history text. */
  label?: string;
  /** A condition beyond the state, over the record as it is before the move. */
  guard?: FlowGuard;
  /** Fields the record must have filled once moved (a rejected lead's reason). */
  requires?: readonly string[];
  /** Made by the scheduled sweeps only (spec §4 Source "2 System"), never offered to staff. */
  system?: boolean;
  /**
   * Who may make it: the action of the permission matrix (decision 003) on the flow's resource
   * (the ISA's `verify`). The server's route and the console's button read the same value.
   */
  permission?: string;
};

export type Flow<S extends string = string> = {
  /** Its name in code and tests ("isa", "placementPenalty"). */
  name: string;
  /** Its name in texts ("Placement penalty"). */
  label: string;
  /** The record's field that holds the state. */
  field: string;
  states: readonly S[];
  /** Where a record starts (an empty field counts as this unless `startsEmpty`). */
  initial: S;
  /** An empty field is its own "not started" state (moves from it list `null`). */
  startsEmpty?: boolean;
  /**
   * While this says why, no move of the flow may be made (a completed verification keeps its
   * steps); unlike a move's guard, it is no condition for sitting in a state.
   */
  locked?: FlowGuard;
  moves: readonly FlowMove<S>[];
};

/** The engine's form: state -> the states it may move to, each move named by its target. */
export type SetFlowDeclaration<S extends string> = {
  name: string;
  label: string;
  field: string;
  states: readonly S[];
  initial: S;
  next: Readonly<Record<S, readonly S[]>>;
  /** Moves open while the field is still empty (a learner who never joined Sharpener-plus). */
  fromEmpty?: readonly S[];
  /** The button for a move, by the state it leads to ("Record payment" for Paid). */
  moveLabels?: Partial<Record<S, string>>;
  guards?: Partial<Record<S, FlowGuard>>;
  requires?: Partial<Record<S, readonly string[]>>;
  /** Moves (by target) only the system makes. */
  system?: readonly S[];
  locked?: FlowGuard;
};

/** A flow whose moves are named by the state they lead to (the engine's "set the field to X"). */
export function setFlow<S extends string>(d: SetFlowDeclaration<S>): Flow<S> {
  // One move per (from, to) pair, in the declaration's order (the order the console offers them).
  const pairs: [S | null, S][] = [
    ...(d.fromEmpty ?? []).map((to): [S | null, S] => [null, to]),
    ...d.states.flatMap((from) => (d.next[from] ?? []).map((to): [S | null, S] => [from, to])),
  ];
  const moves: FlowMove<S>[] = pairs.map(([from, to]) => ({
    move: to,
    from: [from],
    to,
    ...(d.moveLabels?.[to] ? { label: d.moveLabels[to] } : {}),
    ...(d.guards?.[to] ? { guard: d.guards[to] } : {}),
    ...(d.requires?.[to] ? { requires: d.requires[to] } : {}),
    ...(d.system?.includes(to) ? { system: true } : {}),
  }));
  return {
    name: d.name,
    label: d.label,
    field: d.field,
    states: d.states,
    initial: d.initial,
    ...(d.fromEmpty ? { startsEmpty: true } : {}),
    ...(d.locked ? { locked: d.locked } : {}),
    moves,
  };
}

/** A flow with named moves (checked: every state named is one of the flow's). */
export function namedFlow<S extends string>(flow: Flow<S>): Flow<S> {
  for (const m of flow.moves) {
    for (const s of [...m.from, m.to]) {
      if (s !== null && !flow.states.includes(s)) throw new Error(`${flow.name}.${m.move}: ${s} is not a state`);
    }
  }
  return flow;
}

/** The state a record is in (an empty field is the initial state unless the flow starts empty). */
export function currentState<S extends string>(flow: Flow<S>, value: unknown): S | null {
  if (value === null || value === undefined || value === '') return flow.startsEmpty ? null : flow.initial;
  return value as S;
}

/** The moves that may start from `from` (system ones included unless `staffOnly`). */
export function movesFrom<S extends string>(flow: Flow<S>, from: S | null, staffOnly = false): FlowMove<S>[] {
  return flow.moves.filter((m) => m.from.includes(from) && !(staffOnly && m.system));
}

/** The names of the staff moves open from `from` (what a 409 names, what the console offers). */
export function openMoves<S extends string>(flow: Flow<S>, from: S | null): string[] {
  return [...new Set(movesFrom(flow, from, true).map((m) => m.move))];
}

/** The states a record in `from` may be set to (a set-field flow's moves). */
export function allowedMoves<S extends string>(flow: Flow<S>, from: S | null): readonly S[] {
  return [...new Set(movesFrom(flow, from).map((m) => m.to))];
}

/** The states `move` may start from: a sweep's candidates. */
export function fromStates<S extends string>(flow: Flow<S>, move: string): S[] {
  return flow.moves.filter((m) => m.move === move).flatMap((m) => m.from.filter((s): s is S => s !== null));
}

export type MoveCheck<S extends string = string> =
  | { ok: true; to: S; step: FlowMove<S> }
  | { ok: false; reason: string; state: S | null; allowed: readonly string[] };

function refused<S extends string>(flow: Flow<S>, from: S | null, reason: string, byTarget: boolean): MoveCheck<S> {
  return { ok: false, reason, state: from, allowed: byTarget ? allowedMoves(flow, from) : openMoves(flow, from) };
}

function checkStep<S extends string>(
  flow: Flow<S>,
  row: FlowRow,
  step: FlowMove<S>,
  from: S | null,
  byTarget: boolean,
  after?: FlowRow,
): MoveCheck<S> {
  const what = byTarget ? step.to : (step.label ?? step.move);
  const guard = flow.locked?.(row) ?? step.guard?.(row);
  if (guard) return refused(flow, from, `${flow.label} cannot move to ${what} yet: ${guard}`, byTarget);
  const missing = (step.requires ?? []).filter((f) => {
    const v = (after ?? row)[f];
    return v === null || v === undefined || (typeof v === 'string' && !v.trim());
  });
  if (missing.length) {
    return refused(flow, from, `${flow.label} cannot move to ${what} without ${missing.join(', ')}`, byTarget);
  }
  return { ok: true, to: step.to, step };
}

/**
 * Whether a record may be set to `to` (the engine's form): a move leading there from its current
 * state, whose guard holds. On refusal, the reason and the states it may be set to.
 */
export function checkMove<S extends string>(flow: Flow<S>, row: FlowRow, to: string, after?: FlowRow): MoveCheck<S> {
  const from = currentState(flow, row[flow.field]);
  const step = movesFrom(flow, from).find((m) => m.to === to);
  if (!step) {
    const allowed = allowedMoves(flow, from);
    const next = allowed.length ? `it can move to ${allowed.join(', ')}` : 'it cannot move from there';
    return refused(flow, from, `${flow.label} cannot move from ${from ?? 'not started'} to ${to}: ${next}`, true);
  }
  return checkStep(flow, row, step, from, true, after);
}

/**
 * Whether the named `move` may be made on a record: it starts from the record's state and its
 * guard holds. On refusal, the reason and the (staff) moves open from there.
 */
export function checkNamedMove<S extends string>(
  flow: Flow<S>,
  row: FlowRow,
  move: string,
  after?: FlowRow,
): MoveCheck<S> {
  const from = currentState(flow, row[flow.field]);
  const step = movesFrom(flow, from).find((m) => m.move === move);
  if (!step) {
    const label = flow.moves.find((m) => m.move === move)?.label ?? move;
    return refused(
      flow,
      from,
      `"${label}" cannot be done while the ${flow.label} is "${from ?? 'not started'}"`,
      false,
    );
  }
  return checkStep(flow, row, step, from, false, after);
}

/**
 * Whether a record may sit where it is: at the initial state (or empty, for a flow that starts
 * empty), or in a state some move leads to whose guard holds for the record now and whose
 * required fields are filled. The demo seed's rows are checked with it (decision 032).
 */
export function rowFits(flow: Flow, row: FlowRow): string | undefined {
  const state = currentState(flow, row[flow.field]);
  if (state === null || state === flow.initial) return undefined;
  if (!flow.states.includes(state)) return `${flow.label}: ${state} is not one of its states`;
  const entering = flow.moves.filter((m) => m.to === state);
  if (!entering.length) return `${flow.label}: no move leads to ${state}`;
  const reasons = entering.map((m) => {
    const r = checkStep({ ...flow, locked: undefined }, row, m, state, true);
    return r.ok ? undefined : r.reason;
  });
  return reasons.every(Boolean) ? reasons[0] : undefined;
}

/** Every (from, to) pair of a set-field flow, empty start included: for exhaustive tests. */
export function everyMove<S extends string>(flow: Flow<S>): { from: S | null; to: S; allowed: boolean }[] {
  const froms: (S | null)[] = [...(flow.startsEmpty ? [null] : []), ...flow.states];
  return froms.flatMap((from) =>
    flow.states.map((to) => ({ from, to, allowed: allowedMoves(flow, from).includes(to) })),
  );
}

/** The flow as a mermaid state diagram (decisions 018 and 032 are written from it). */
export function mermaidOf<S extends string>(flow: Flow<S>): string {
  const id = (s: string | null) => (s === null ? 'none' : s.replace(/[^A-Za-z0-9]/g, '_'));
  const lines = ['stateDiagram-v2'];
  for (const s of flow.states) lines.push(`  ${id(s)}: ${s}`);
  lines.push(`  [*] --> ${flow.startsEmpty ? 'none' : id(flow.initial)}`);
  if (flow.startsEmpty) lines.push('  none: (empty)');
  for (const from of [...(flow.startsEmpty ? [null] : []), ...flow.states]) {
    for (const m of movesFrom(flow, from)) {
      const named = m.move !== m.to ? `: ${m.move}${m.system ? ' (system)' : ''}` : '';
      lines.push(`  ${id(from)} --> ${id(m.to)}${named}`);
    }
  }
  return lines.join('\n');
}

/**
 * The one 409 of a call that moves a record through a flow: a stale version or a duplicate (no
 * `allowed`), or a move the flow does not allow from `state` (`allowed`: the moves open from
 * there, by name; for a field the engine sets, the states it may be set to). Nothing was changed.
 */
export const moveConflictSchema = apiErrorSchema
  .extend({
    state: z.string().nullable().optional(),
    allowed: z.array(z.string()).optional(),
  })
  .meta({
    id: 'MoveConflict',
    description:
      'A conflict: a stale version or duplicate, or a move the flow does not allow (`allowed` names the moves open from `state`)',
  });
