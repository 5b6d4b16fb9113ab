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
  const parsed = preferencesSchema.safeParse(withoutViews(row?.preferences ?? {}));
  return parsed.success ? parsed.data : {};
}

/**
 * Saved views once lived here (lists.<screen>.views); migration 0017 moved them to their own
 * table (decision 020). One left behind is dropped rather than making the whole record unreadable.
 */
function withoutViews(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object') return stored;
  const lists = (stored as { lists?: unknown }).lists;
  if (!lists || typeof lists !== 'object') return stored;
  const clean = Object.fromEntries(
    Object.entries(lists as Record<string, unknown>).map(([screen, list]) => {
      if (!list || typeof list !== 'object') return [screen, list];
      const { views: _views, ...rest } = list as Record<string, unknown>;
      return [screen, rest];
    }),
  );
  return { ...stored, lists: clean };
}
