import type { ResourceDef } from '@cohort/domain';
import { useCallback, useState } from 'react';

export const columnPrefsKey = (path: string) => `columns:${path}`;

function defaults(def: ResourceDef): string[] {
  return def.fields.filter((f) => f.list).map((f) => f.name);
}

function load(def: ResourceDef): string[] {
  try {
    const raw = localStorage.getItem(columnPrefsKey(def.path));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) {
      const known = parsed.filter((n): n is string => def.fields.some((f) => f.name === n));
      if (known.length) return known;
    }
  } catch {
    // unreadable preference: defaults
  }
  return defaults(def);
}

/** Visible list columns of one resource, remembered in localStorage. */
export function useColumnPrefs(def: ResourceDef) {
  const [visible, setVisibleState] = useState<string[]>(() => load(def));
  const setVisible = useCallback(
    (names: string[]) => {
      setVisibleState(names);
      try {
        localStorage.setItem(columnPrefsKey(def.path), JSON.stringify(names));
      } catch {
        // not persisted: still applied for this visit
      }
    },
    [def.path],
  );
  const reset = useCallback(() => {
    try {
      localStorage.removeItem(columnPrefsKey(def.path));
    } catch {
      // nothing to remove
    }
    setVisibleState(defaults(def));
  }, [def]);
  return { visible, setVisible, reset };
}
