import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteConfigurationVersions } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import type { ResourceService } from '../../resources/engine';

/** The saved values of a setting, newest first (the setting must be visible to the actor). */
export async function listConfigurationHistory(db: Db, actor: Actor, settings: ResourceService, id: number) {
  await settings.get(db, actor, id);
  return db
    .select({
      version: websiteConfigurationVersions.version,
      value: websiteConfigurationVersions.value,
      changedByName: websiteConfigurationVersions.changedByName,
      restoredFrom: websiteConfigurationVersions.restoredFrom,
      createdAt: websiteConfigurationVersions.createdAt,
    })
    .from(websiteConfigurationVersions)
    .where(eq(websiteConfigurationVersions.configurationId, id))
    .orderBy(desc(websiteConfigurationVersions.version));
}

/**
 * Puts an earlier value back: a new version with that value (history is never rewritten),
 * through the setting's versioned, audited update, so a rollback made on a stale screen is
 * refused (409) like any edit. The new version records which one it restored.
 */
export async function rollbackWebsiteConfiguration(
  db: Db,
  actor: Actor,
  settings: ResourceService,
  id: number,
  input: { toVersion: number; version: number },
) {
  const [target] = await db
    .select()
    .from(websiteConfigurationVersions)
    .where(
      and(
        eq(websiteConfigurationVersions.configurationId, id),
        eq(websiteConfigurationVersions.version, input.toVersion),
      ),
    );
  if (!target) {
    await settings.get(db, actor, id); // 404 when the setting itself is not there
    throw badRequest('There is no such version of this setting', [{ path: ['toVersion'], message: 'Unknown version' }]);
  }
  // One transaction: the new value and the note of what it restored are written together.
  return db.transaction(async (tx) => {
    const after = await settings.update(tx as unknown as Db, actor, id, {
      value: target.value,
      version: input.version,
    });
    await tx
      .update(websiteConfigurationVersions)
      .set({ restoredFrom: target.version })
      .where(
        and(
          eq(websiteConfigurationVersions.configurationId, id),
          eq(websiteConfigurationVersions.version, after.version as number),
        ),
      );
    return after;
  });
}
