import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  localStorageColorSchemeManager,
  MantineProvider,
  Modal,
  Notification,
} from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { lazyImport } from '../lib/lazy-import';
import { appStore, useAppStore, waitForHydration } from '../lib/store';
import { AppErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { Toasts } from './toasts';

const App = lazyImport('app', () => import('./app'), 'App');

/**
 * WCAG AA contrast (4.5:1 for text) in both schemes: the primary colour one shade darker
 * than Mantine's default (blue 8 is 4.9:1 on white, and white on it), dimmed text gray 7.
 * Dialogs name their close button, which is where focus lands when they open.
 */
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Toasts too: axe's button-name (a toast on screen while a page is checked).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // Status badges are light (tinted, text darkened below to 4.5:1): white on a filled orange,
    // green or red badge is 3.3-4.4:1, under AA for their small bold text.
    Badge: Badge.extend({ defaultProps: { variant: 'light' } }),
  },
});
const COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Light badges and alerts (status cells): their text darkened to 4.5:1 on their tint.
    ...Object.fromEntries(
      COLORS.map((c) => [
        `--mantine-color-${c}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${c}-9) 70%, black)`,
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/** The first thing Tab reaches: straight to the page's main content (#main, focusable), past header and navigation. */
function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}
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
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <SkipLink />
      {/* Top-right for 5 s (spec §9), below the header and the page's action row. */}
      <Toasts />
      <AppErrorBoundary>
        <PersistGate />
      </AppErrorBoundary>
    </MantineProvider>
  );
}
