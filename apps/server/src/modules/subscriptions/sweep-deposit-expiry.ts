import { DEPOSIT_MACHINE, fromStates } from '@cohort/domain';
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { upfrontDeposits } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../platform/audit';
import { moveStatus } from '../../platform/flows';
import { isoDayOf } from '../../platform/plan-dates';
import { syncLearnerPlan } from './sync-learner-plan';

/**
 * Marks Pending deposits whose last day is before `now`'s day (UTC) as Expired, audited as
 * the system (spec §4 Source "2 System"), the learner's Upfront Status following in the same
 * transaction. Idempotent: a second run finds nothing; rows another run holds are skipped, so
 * two workers never expire one deposit twice. Scheduling is the job queue's (decision 018).
 */
export async function sweepDepositExpiry(db: Db, now: Date): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const batch = await expireBatch(db, now);
    expired += batch;
    if (batch < BATCH) return { expired };
  }
}

/** The deposits time may expire: those the flow's `Expired` move starts from (decision 032). */
const EXPIRING = fromStates(DEPOSIT_MACHINE, 'Expired');

/** Deposits expired per transaction: a long backlog never holds one huge transaction. */
const BATCH = 500;

async function expireBatch(db: Db, now: Date): Promise<number> {
  const today = isoDayOf(now);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(upfrontDeposits)
      .where(and(inArray(upfrontDeposits.status, EXPIRING), lt(upfrontDeposits.expiresOn, today)))
      .orderBy(upfrontDeposits.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const deposit of due) {
      await moveStatus(tx, SYSTEM_ACTOR, {
        flow: DEPOSIT_MACHINE,
        table: upfrontDeposits,
        entity: 'upfrontDeposit',
        id: deposit.id,
        move: 'Expired',
        auditAs: 'expire',
      });
      await syncLearnerPlan(tx, SYSTEM_ACTOR, deposit.userId);
    }
    return due.length;
  });
}
