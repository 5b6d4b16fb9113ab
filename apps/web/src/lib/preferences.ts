import { calls, type ListPreferences, mergePreferences, type Preferences } from '@cohort/domain';
import { createStore, useStore } from 'zustand';
import { call } from './call';

/**
 * The signed-in person's console preferences (columns, page size, theme, saved views).
 * They live on the server per user (spec §4: logout clears local storage, which would
 * otherwise lose them), are loaded at login and on start with a restored session, and are
 * kept in memory only.
 */
export type PreferencesState = { status: 'idle' | 'loading' | 'ready'; prefs: Preferences };

export const preferencesStore = createStore<PreferencesState>(() => ({ status: 'idle', prefs: {} }));

export const PREFERENCES_PATH = calls.preferences.get.path;
/** Saves are gathered for this long, so ticking five columns is one call. */
export const SAVE_DELAY_MS = 400;

let pending: Preferences | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

export async function loadPreferences(): Promise<void> {
  const mine = ++generation;
  preferencesStore.setState({ status: 'loading' });
  try {
    const prefs = await call(calls.preferences.get);
    // Choices made while loading stay on top of what the server had.
    if (mine === generation)
      preferencesStore.setState({ status: 'ready', prefs: mergePreferences(prefs, pending ?? {}) });
  } catch {
    // The api client has said why; the console works on its defaults.
    if (mine === generation) preferencesStore.setState({ status: 'ready' });
  }
}

/** Logged out: nothing of the previous person's stays in memory. */
export function resetPreferences(): void {
  generation += 1;
  clearTimeout(timer);
  pending = null;
  preferencesStore.setState({ status: 'idle', prefs: {} });
}

async function flush(): Promise<void> {
  const patch = pending;
  pending = null;
  if (!patch) return;
  try {
    await call(calls.preferences.save, { body: patch });
  } catch {
    // Said by the api client; the choice still holds for this visit.
  }
}

/** Applies a choice at once and saves it shortly after (merged list by list, as the server merges). */
export function savePreferences(patch: Preferences): void {
  preferencesStore.setState((s) => ({ prefs: mergePreferences(s.prefs, patch) }));
  pending = mergePreferences(pending ?? {}, patch);
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), SAVE_DELAY_MS);
}

/** Saves one list's preferences. */
export function saveListPreferences(screen: string, list: ListPreferences): void {
  savePreferences({ lists: { [screen]: list } });
}

export function usePreferences<T>(selector: (s: PreferencesState) => T): T {
  return useStore(preferencesStore, selector);
}

export type ListSize = NonNullable<ListPreferences['size']>;

const NO_LIST: ListPreferences = {};
/** One list's preferences ({} when none). */
export function useListPreferences(screen: string): ListPreferences {
  return usePreferences((s) => s.prefs.lists?.[screen] ?? NO_LIST);
}
