import { listFields, type ResourceDef } from '@cohort/domain';
import { useCallback, useMemo } from 'react';
import { saveListPreferences, useListPreferences } from '../../lib/preferences';

function defaults(def: ResourceDef): string[] {
  return listFields(def.fields)
    .filter((f) => f.list)
    .map((f) => f.name);
}

/** Visible list columns of one screen, kept with the person's preferences on the server. */
export function useColumnPrefs(def: ResourceDef, screen: string) {
  const saved = useListPreferences(screen).columns;
  const visible = useMemo(() => {
    // A saved column the list no longer carries (or this role may not see) is left out.
    const known = (saved ?? []).filter((n) => listFields(def.fields).some((f) => f.name === n));
    return known.length ? known : defaults(def);
  }, [saved, def]);
  const setVisible = useCallback((names: string[]) => saveListPreferences(screen, { columns: names }), [screen]);
  const reset = useCallback(() => saveListPreferences(screen, { columns: null }), [screen]);
  return { visible, setVisible, reset };
}
