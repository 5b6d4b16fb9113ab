import type { SavedView, savedViewUpdateSchema } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { savedViewRoles, savedViews } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { updateVersioned } from '../../platform/versioned-update';
import type { ResourceService } from '../../resources/engine';
import {
  assertNameFree,
  assertOwner,
  checkViewState,
  findVisibleView,
  listService,
  SAVED_VIEW_ENTITY,
  setSharing,
  toViews,
  type ViewRow,
  viewSnapshot,
} from './saved-view-rules';

/**
 * Changes a view: its owner only (someone it is shared with gets a 403 naming the owner), at
 * the version they read (409 otherwise, nothing written); versioned and audited with its sharing.
 */
export async function updateSavedView(
  db: Db,
  actor: Actor,
  services: ReadonlyMap<string, ResourceService>,
  id: number,
  input: z.output<typeof savedViewUpdateSchema>,
): Promise<SavedView> {
  const { version, sharedWith, ...changes } = input;
  return db.transaction(async (tx) => {
    const before = await findVisibleView(tx, actor, id, true);
    await assertOwner(tx, actor, before, 'change');
    const service = listService(services, actor.role, before.resource);
    await checkViewState(tx, actor, service, input);
    if (changes.name !== undefined) await assertNameFree(tx, actor.user.id, before.resource, changes.name, id);
    const sharedBefore = (
      await tx.select({ roleId: savedViewRoles.roleId }).from(savedViewRoles).where(eq(savedViewRoles.viewId, id))
    ).map((r) => r.roleId);
    const sharedAfter = sharedWith ?? sharedBefore;
    const after = await updateVersioned<ViewRow>(tx, actor, {
      table: savedViews,
      entity: SAVED_VIEW_ENTITY,
      before,
      version,
      changes,
      snapshot: (row) => viewSnapshot(row as ViewRow, row === before ? sharedBefore : sharedAfter),
    });
    if (sharedWith) await setSharing(tx, id, sharedWith);
    return (await toViews(tx, actor, [after]))[0];
  });
}
