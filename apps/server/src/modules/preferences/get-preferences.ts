import { type Preferences, preferencesSchema } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userPreferences } from '../../db/schema';

/**
 * A user's stored preferences; none stored yet is `{}`. What the schema no longer takes (an
 * older shape) is dropped rather than failing the console's start.
 */
export async function getPreferences(db: Db | Tx, userId: number): Promise<Preferences> {
  const [row] = await db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const parsed = preferencesSchema.safeParse(row?.preferences ?? {});
  return parsed.success ? parsed.data : {};
}
