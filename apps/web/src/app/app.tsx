import '@mantine/core/styles.css';
import '@mantine/spotlight/styles.css';
import { useMantineColorScheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { refreshSession } from '../features/auth/api/get-session';
import { loadPreferences, resetPreferences, usePreferences } from '../lib/preferences';
import { queryClient } from '../lib/query-client';
import { appStore } from '../lib/store';
import { router } from './router';
import { useMobileViewSync } from './use-mobile-view-sync';
import { useStoreRedirects } from './use-store-redirects';

/**
 * The person's preferences come from the server at login and on start with a restored
 * session (logout clears local storage, spec §4); their theme is applied when they arrive.
 */
function usePreferencesSync(): void {
  useEffect(() => {
    if (appStore.getState().token) void loadPreferences();
    return appStore.subscribe((s, prev) => {
      if (s.token === prev.token) return;
      resetPreferences();
      if (s.token) void loadPreferences();
    });
  }, []);
  const { setColorScheme } = useMantineColorScheme();
  const theme = usePreferences((s) => (s.status === 'ready' ? s.prefs.theme : undefined));
  useEffect(() => {
    if (theme) setColorScheme(theme);
  }, [theme, setColorScheme]);
}

/** The main application: server state, modals and the router. Loaded after the saved state is restored. */
export function App() {
  useStoreRedirects(router);
  useMobileViewSync();
  usePreferencesSync();
  useEffect(() => {
    // A token restored from storage is checked once; an expired one ends in the catalogue's logout.
    void refreshSession().catch(() => {});
    // Whatever was cached belongs to the previous user.
    return appStore.subscribe((s, prev) => {
      if (s.token !== prev.token) queryClient.clear();
    });
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>
  );
}
