import { z } from 'zod';

/**
 * A staff member's console preferences, kept on the server per user: logging out clears
 * the browser's storage (spec §4), and these must survive it. Lists are keyed by the
 * console's screen (its url segment: "learners", "blogs"). Saved views are not preferences:
 * they are records of their own, which can be shared (saved-views.ts, decision 020).
 */
export const LIST_PAGE_SIZES = [10, 14, 50, 100] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const screenKey = z.string().regex(/^[a-z0-9-]{1,64}$/, 'A list is named by its address, like "learners"');

/** One list's preferences; null clears a choice (back to the list's default). */
export const listPreferencesSchema = z.strictObject({
  columns: z.array(z.string().max(64)).min(1).max(100).nullable().optional(),
  size: z.literal(LIST_PAGE_SIZES, 'Choose 10, 14, 50 or 100 rows a page').nullable().optional(),
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;

export const preferencesSchema = z.strictObject({
  theme: z.enum(THEMES).optional(),
  lists: z
    .record(screenKey, listPreferencesSchema)
    .refine((r) => Object.keys(r).length <= 100, 'At most 100 lists')
    .optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * A save applied to what is stored: the theme replaced, each list merged key by key (two
 * tabs changing different lists, or columns and views of one list, do not undo each other).
 */
export function mergePreferences(stored: Preferences, patch: Preferences): Preferences {
  const out: Preferences = { ...stored };
  if (patch.theme) out.theme = patch.theme;
  if (patch.lists) {
    const lists = { ...(stored.lists ?? {}) };
    for (const [screen, list] of Object.entries(patch.lists)) {
      const merged: ListPreferences = { ...(lists[screen] ?? {}), ...list };
      for (const key of ['columns', 'size'] as const) if (merged[key] === null) delete merged[key];
      lists[screen] = merged;
    }
    out.lists = lists;
  }
  return out;
}
