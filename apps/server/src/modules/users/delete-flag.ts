import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFlagComments, userFlags } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { ResourceService } from '../../resources/engine';

/**
 * DELETE /admin/user/flag/delete/{id}: the flag and its comments, in one transaction, with an
 * audit entry for each row removed (the comments first), so the learner's history keeps the
 * whole thread. A flag outside the actor's row scope is a 404.
 */
export async function deleteFlag(db: Db, actor: Actor, flags: ResourceService, comments: ResourceService, id: number) {
  await db.transaction(async (tx) => {
    const flag = await flags.get(tx, actor, id, true);
    const thread = await tx
      .select()
      .from(userFlagComments)
      .where(eq(userFlagComments.flagId, id))
      .orderBy(asc(userFlagComments.id));
    await tx.delete(userFlags).where(eq(userFlags.id, id));
    await audit(tx, actor, [
      ...thread.map((c) => ({
        action: 'delete',
        entity: 'userFlagComment',
        entityId: c.id,
        before: comments.toRecord(c),
      })),
      { action: 'delete', entity: 'userFlag', entityId: id, before: flags.toRecord(flag) },
    ]);
  });
  return { message: 'Flag deleted' };
}
