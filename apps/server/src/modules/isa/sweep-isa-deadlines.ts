import { fromStates, ISA_FLOW, type IsaMove } from '@cohort/domain';
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learnerIsas } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { dayOf } from './isa-dates';
import { lockLearnerIsa, writeIsaMove } from './move-isa';

/**
 * The candidates of each time move: the statuses the ISA flow lets it start from (decision 032),
 * never a copy of them, and the date that makes it due.
 */
const SWEEPS = {
  expire: { from: fromStates(ISA_FLOW, 'expire'), date: 'expiryDate' },
  deadlinePassed: { from: fromStates(ISA_FLOW, 'deadlinePassed'), date: 'documentDeadline' },
} as const satisfies Partial<Record<IsaMove, { from: string[]; date: 'expiryDate' | 'documentDeadline' }>>;

/**
 * The moves time makes, as the system (audit Source 2 System): every current ISA whose expiry
 * date is before `now`'s day expires; every one still waiting for documents past its deadline
 * is overdue. Each learner's move is its own transaction under the learner's lock, re-checked
 * there, so a second run (or a second worker) changes nothing. Expiry goes first: an ISA past
 * both dates is expired, not overdue.
 */
export async function sweepIsaDeadlines(db: Db, now: Date): Promise<{ overdue: number; expired: number }> {
  const today = dayOf(now);
  const expired = await sweep(db, 'expire', today);
  const overdue = await sweep(db, 'deadlinePassed', today);
  return { overdue, expired };
}

async function sweep(db: Db, move: keyof typeof SWEEPS, today: string): Promise<number> {
  const { from, date } = SWEEPS[move];
  const candidates = await db
    .select({ userId: learnerIsas.userId })
    .from(learnerIsas)
    .where(and(isNull(learnerIsas.endedAt), inArray(learnerIsas.status, from), lt(learnerIsas[date], today)));
  let moved = 0;
  for (const { userId } of candidates) {
    const done = await db.transaction(async (tx) => {
      const { isa } = await lockLearnerIsa(tx, null, userId);
      // Re-read under the lock: another worker, or a staff move, may have been first.
      const still = isa && isa.endedAt === null && (from as string[]).includes(isa.status) && isa[date] < today;
      if (!still) return false;
      await writeIsaMove(tx, SYSTEM_ACTOR, { isa, move });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}
