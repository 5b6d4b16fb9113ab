import type { IsaMove } from '@cohort/domain';
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learnerIsas } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { dayOf } from './isa-dates';
import { lockLearnerIsa, writeIsaMove } from './move-isa';

/** Statuses an ISA can expire from (spec §4: ISA Expired), as the machine says. */
const EXPIRING = [
  'Documents Not Submitted',
  'Document Submission Overdue',
  'ISA Submitted',
  'ISA Acceptance Video Uploaded',
  'ISA Verified',
];

/**
 * The moves time makes, as the system (audit Source 2 System): every current ISA whose expiry
 * date is before `now`'s day expires; every one still waiting for documents past its deadline
 * is overdue. Each learner's move is its own transaction under the learner's lock, re-checked
 * there, so a second run (or a second worker) changes nothing. Expiry goes first: an ISA past
 * both dates is expired, not overdue.
 */
export async function sweepIsaDeadlines(db: Db, now: Date): Promise<{ overdue: number; expired: number }> {
  const today = dayOf(now);
  const expired = await sweep(db, 'expire', today, (t) =>
    and(isNull(t.endedAt), inArray(t.status, EXPIRING), lt(t.expiryDate, today)),
  );
  const overdue = await sweep(db, 'deadlinePassed', today, (t) =>
    and(isNull(t.endedAt), inArray(t.status, ['Documents Not Submitted']), lt(t.documentDeadline, today)),
  );
  return { overdue, expired };
}

async function sweep(
  db: Db,
  move: IsaMove,
  today: string,
  due: (t: typeof learnerIsas) => ReturnType<typeof and>,
): Promise<number> {
  const candidates = await db.select({ userId: learnerIsas.userId }).from(learnerIsas).where(due(learnerIsas));
  let moved = 0;
  for (const { userId } of candidates) {
    const done = await db.transaction(async (tx) => {
      const { isa } = await lockLearnerIsa(tx, null, userId);
      // Re-read under the lock: another worker, or a staff move, may have been first.
      const still =
        isa &&
        isa.endedAt === null &&
        (move === 'expire'
          ? EXPIRING.includes(isa.status) && isa.expiryDate < today
          : isa.status === 'Documents Not Submitted' && isa.documentDeadline < today);
      if (!still) return false;
      await writeIsaMove(tx, SYSTEM_ACTOR, { isa, move });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}
