import type { SavedView } from '@cohort/domain';
import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedViews } from '../../db/schema';
import type { Actor } from '../../platform/access';
import type { ResourceService } from '../../resources/engine';
import { listService, roleChain, toViews, visibleViews } from './saved-view-rules';

/** The views of one list this actor sees: their own first (by name), then those shared with them. */
export async function listSavedViews(
  db: Db,
  actor: Actor,
  services: ReadonlyMap<string, ResourceService>,
  resource: string,
): Promise<{ data: SavedView[]; totalItems: number }> {
  listService(services, actor.role, resource);
  const chain = await roleChain(db, actor.user.roleId);
  const rows = await db
    .select()
    .from(savedViews)
    .where(sql`${savedViews.resource} = ${resource} and ${visibleViews(actor, chain)}`)
    .orderBy(
      desc(sql`${savedViews.ownerId} = ${actor.user.id}`),
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
  const data = await toViews(db, actor, rows);
  return { data, totalItems: data.length };
}
