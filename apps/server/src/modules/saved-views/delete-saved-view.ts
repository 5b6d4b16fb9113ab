import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedViewRoles, savedViews } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { assertOwner, findVisibleView, SAVED_VIEW_ENTITY, viewSnapshot } from './saved-view-rules';

/** Deletes a view: its owner, or ADMIN a shared one (a team's view left behind); audited. */
export async function deleteSavedView(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const view = await findVisibleView(tx, actor, id, true);
    const shared = (
      await tx.select({ roleId: savedViewRoles.roleId }).from(savedViewRoles).where(eq(savedViewRoles.viewId, id))
    ).map((r) => r.roleId);
    if (!(actor.role === 'ADMIN' && shared.length > 0)) await assertOwner(tx, actor, view, 'delete');
    await tx.delete(savedViews).where(eq(savedViews.id, id));
    await audit(tx, actor, {
      action: 'delete',
      entity: SAVED_VIEW_ENTITY,
      entityId: id,
      before: viewSnapshot(view, shared),
    });
  });
}
