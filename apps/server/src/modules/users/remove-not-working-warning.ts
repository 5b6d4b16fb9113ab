import type { RemoveNotWorkingWarning } from '@cohort/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notWorkingWarnings } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import type { ResourceService } from '../../resources/engine';

/**
 * DELETE /admin/user/not-working-alert/warnings/remove: the warning stops counting against the
 * learner ("No of warnings" counts the ones not removed) but stays in their history, marked
 * with when, by whom and why. Removing one twice is a 409; a warning outside the actor's row
 * scope is a 404.
 */
export async function removeNotWorkingWarning(
  db: Db,
  actor: Actor,
  warnings: ResourceService,
  input: RemoveNotWorkingWarning,
) {
  await db.transaction(async (tx) => {
    const before = await warnings.get(tx, actor, input.id, true);
    if (before.removedAt) throw conflict('This warning was already removed');
    const [after] = await tx
      .update(notWorkingWarnings)
      .set({
        removedAt: new Date(),
        removedById: actor.user.id,
        removedByName: actor.user.name,
        removalReason: input.reason,
        updatedAt: new Date(),
      })
      .where(and(eq(notWorkingWarnings.id, input.id), isNull(notWorkingWarnings.removedAt)))
      .returning();
    if (!after) throw conflict('This warning was already removed');
    await audit(tx, actor, {
      action: 'remove',
      entity: 'notWorkingWarning',
      entityId: input.id,
      before: warnings.toRecord(before),
      after: warnings.toRecord(after),
    });
  });
  return warnings.toRecord(await warnings.get(db, actor, input.id), actor);
}
