import { dayInWords } from '@cohort/domain';
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { holdTypes, learnerHolds, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';

const DAY = 86_400_000;

/**
 * A hold is of a type the programme still offers, no longer than that type allows, and does
 * not overlap another hold of the same learner; checked in the hold's own transaction (a
 * refused hold leaves nothing written). The learner's row is locked first, so two holds placed
 * at once over the same days cannot both pass: the second sees the first once it commits. (NO
 * KEY UPDATE: the hold's own insert already holds the row's KEY SHARE lock through its foreign
 * key, which FOR UPDATE would wait on in the other transaction: a deadlock.)
 */
export async function checkLearnerHold(tx: Tx, _actor: Actor, row: Record<string, unknown>): Promise<void> {
  const [type] = await tx
    .select()
    .from(holdTypes)
    .where(eq(holdTypes.id, row.holdTypeId as number));
  if (!type?.active) {
    throw badRequest('Choose a hold type that is offered', [
      { path: ['holdTypeId'], message: 'Choose a hold type that is offered' },
    ]);
  }
  await refuseOverlap(tx, row);
  const days = Math.round((Date.parse(String(row.endDate)) - Date.parse(String(row.startDate))) / DAY) + 1;
  if (days > type.maxDays) {
    throw badRequest(`A ${type.name} hold lasts at most ${type.maxDays} days`, [
      { path: ['endDate'], message: `A ${type.name} hold lasts at most ${type.maxDays} days (this one: ${days})` },
    ]);
  }
}

/** Refuses a hold whose days meet another hold of the same learner (From and Until included). */
async function refuseOverlap(tx: Tx, row: Record<string, unknown>): Promise<void> {
  const userId = row.userId as number;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [other] = await tx
    .select({ startDate: learnerHolds.startDate, endDate: learnerHolds.endDate })
    .from(learnerHolds)
    .where(
      and(
        eq(learnerHolds.userId, userId),
        ne(learnerHolds.id, row.id as number),
        lte(learnerHolds.startDate, String(row.endDate)),
        gte(learnerHolds.endDate, String(row.startDate)),
      ),
    )
    .limit(1);
  if (other) {
    const day = (d: string) => dayInWords(new Date(`${d}T00:00:00.000Z`));
    const message = `The learner is already on hold from ${day(other.startDate)} to ${day(other.endDate)}`;
    throw badRequest(message, [{ path: ['startDate'], message }]);
  }
}
