import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { websiteConfigurationVersions } from '../../db/schema';
import type { Actor } from '../../platform/access';

/** Keeps every saved value of a website setting (the engine calls it in the save's transaction). */
export async function recordConfigurationVersion(
  tx: Tx,
  actor: Actor,
  row: Record<string, unknown>,
  restoredFrom: number | null = null,
): Promise<void> {
  await tx
    .insert(websiteConfigurationVersions)
    .values({
      configurationId: row.id as number,
      version: row.version as number,
      value: row.value as string,
      changedBy: actor.user.id,
      changedByName: actor.user.name,
      restoredFrom,
    })
    // A save that did not change the value still makes a version; one per record version.
    .onConflictDoUpdate({
      target: [websiteConfigurationVersions.configurationId, websiteConfigurationVersions.version],
      set: { value: sql`excluded.value`, restoredFrom: sql`excluded.restored_from` },
    });
}
