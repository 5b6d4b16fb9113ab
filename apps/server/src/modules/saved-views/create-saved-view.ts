import { SAVED_VIEWS_PER_LIST, type SavedView, type savedViewCreateSchema } from '@cohort/domain';
import { count, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { savedViews } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import type { ResourceService } from '../../resources/engine';
import {
  assertNameFree,
  checkViewState,
  listService,
  SAVED_VIEW_ENTITY,
  setSharing,
  toViews,
  viewSnapshot,
} from './saved-view-rules';

/** Saves a list's state under a name, private or shared with roles; audited. */
export async function createSavedView(
  db: Db,
  actor: Actor,
  services: ReadonlyMap<string, ResourceService>,
  input: z.output<typeof savedViewCreateSchema>,
): Promise<SavedView> {
  const service = listService(services, actor.role, input.resource);
  await checkViewState(db, actor, service, input);
  return db.transaction(async (tx) => {
    // One person's saves on one list are serialised, so the cap and the name check hold under races.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-view:${actor.user.id}:${input.resource}`}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedViews)
      .where(sql`${savedViews.ownerId} = ${actor.user.id} and ${savedViews.resource} = ${input.resource}`);
    if (n >= SAVED_VIEWS_PER_LIST) {
      throw badRequest(`A list keeps at most ${SAVED_VIEWS_PER_LIST} views of yours: delete one first`, [
        { path: ['name'], message: `You have ${SAVED_VIEWS_PER_LIST} views on this list already` },
      ]);
    }
    await assertNameFree(tx, actor.user.id, input.resource, input.name);
    const [row] = await tx
      .insert(savedViews)
      .values({
        ownerId: actor.user.id,
        resource: input.resource,
        name: input.name,
        filters: input.filters,
        sort: input.sort ?? null,
        q: input.q ?? null,
        size: input.size ?? null,
        columns: input.columns ?? null,
      })
      .returning();
    await setSharing(tx, row.id, input.sharedWith);
    await audit(tx, actor, {
      action: 'create',
      entity: SAVED_VIEW_ENTITY,
      entityId: row.id,
      after: viewSnapshot(row, input.sharedWith),
    });
    return (await toViews(tx, actor, [row]))[0];
  });
}
