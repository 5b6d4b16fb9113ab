import { mergePreferences, type Preferences } from '@cohort/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';
import { getPreferences } from './get-preferences';

/**
 * Merges a save into the user's stored preferences (mergePreferences) and answers the
 * result. Serialised per user by the row lock, so two tabs saving at once both count. Not
 * audited: a person's own column choices and theme are not records of the bootcamp.
 */
export async function savePreferences(db: Db, userId: number, patch: Preferences): Promise<Preferences> {
  return db.transaction(async (tx) => {
    await tx
      .insert(userPreferences)
      .values({ userId, preferences: {} })
      .onConflictDoNothing({ target: userPreferences.userId });
    await tx.execute(sql`select 1 from user_preferences where user_id = ${userId} for update`);
    const merged = mergePreferences(await getPreferences(tx, userId), patch);
    await tx
      .update(userPreferences)
      .set({ preferences: merged, updatedAt: new Date() })
      .where(sql`${userPreferences.userId} = ${userId}`);
    return merged;
  });
}
