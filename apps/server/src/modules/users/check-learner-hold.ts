import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { holdTypes } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';

const DAY = 86_400_000;

/**
 * A hold is of a type the programme still offers and no longer than that type allows; checked
 * in the hold's own transaction (a refused hold leaves nothing written).
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
  const days = Math.round((Date.parse(String(row.endDate)) - Date.parse(String(row.startDate))) / DAY) + 1;
  if (days > type.maxDays) {
    throw badRequest(`A ${type.name} hold lasts at most ${type.maxDays} days`, [
      { path: ['endDate'], message: `A ${type.name} hold lasts at most ${type.maxDays} days (this one: ${days})` },
    ]);
  }
}
