import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { updateVersioned } from '../../platform/versioned-update';
import type { ResourceService } from '../../resources/engine';
import type { CreditBureau } from './credit-bureau';

/**
 * Checks a learner's credit score with the bureau and keeps the result on the learner,
 * versioned and audited (`checkCredit`). With the manual provider the score is required.
 */
export async function checkCreditScore(
  db: Db,
  actor: Actor,
  learners: ResourceService,
  bureau: CreditBureau,
  input: { userId: number; score?: number; report?: string | null },
) {
  if (bureau.needsEnteredScore && input.score === undefined) {
    throw badRequest('Enter the score from the bureau’s report', [
      { path: ['score'], message: 'Enter the score the bureau gave (300 to 900)' },
    ]);
  }
  const learner = await learners.get(db, actor, input.userId);
  const result = await bureau.check(
    {
      id: input.userId,
      name: String(learner.name),
      email: String(learner.email),
      phone: (learner.phone as string) ?? null,
    },
    input,
  );
  await db.transaction(async (tx) => {
    const before = (await learners.get(tx, actor, input.userId, true)) as Record<string, unknown> & {
      id: number;
      version: number;
    };
    await updateVersioned(tx, actor, {
      table: users,
      entity: 'user',
      before,
      version: before.version,
      changes: {
        cibilScore: result.score,
        cibilReport: result.report,
        cibilCheckedAt: new Date(),
        cibilProvider: bureau.name,
      },
      snapshot: (row) => learners.toRecord(row),
      audit: { action: 'checkCredit' },
    });
  });
  return learners.toRecord(await learners.get(db, actor, input.userId), actor);
}
