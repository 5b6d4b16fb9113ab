import { TOAST_AUTO_CLOSE_MS } from '@cohort/domain/enums';
import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { lazyImport } from '../lib/lazy-import';
import { appStore, useAppStore, waitForHydration } from '../lib/store';
import { AppErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';

const App = lazyImport('app', () => import('./app'), 'App');

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });
const colorSchemeManager = localStorageColorSchemeManager();

/** Nothing but the loading screen until the saved state is restored (at most 5000 ms). */
function PersistGate() {
  const appLoaded = useAppStore((s) => s.appLoaded);
  useEffect(() => {
    let live = true;
    void waitForHydration(appStore).then(() => {
      if (live) appStore.getState().setAppLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!appLoaded) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <App />
    </Suspense>
  );
}

export function Root() {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      {/* Top-right (spec §9); app/global.css puts that corner below the header. */}
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <AppErrorBoundary>
        <PersistGate />
      </AppErrorBoundary>
    </MantineProvider>
  );
}
