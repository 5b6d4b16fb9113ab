import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from '../app/router';
import { useStoreRedirects } from '../app/use-store-redirects';

/** A one-page router around a component, for screens that use router hooks (links, blockers). */
export function TestRouter({ component }: { component: () => React.ReactNode }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    }),
  );
  return <RouterProvider router={router as never} />;
}

type AppTestRouterProps = {
  url: string;
  /** Perform the store's redirects (logout, login, 404) on this router, as the app does. */
  redirects?: boolean;
  /** Hands the router to the test, to read its location. */
  onRouter?: (router: AnyRouter) => void;
};

/** The console's real routes (layout included) around a memory history starting at `url`. */
export function AppTestRouter({ url, redirects = false, onRouter }: AppTestRouterProps) {
  const [router] = useState(() => {
    const r = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
    onRouter?.(r);
    return r;
  });
  useStoreRedirects(redirects ? router : null);
  return <RouterProvider router={router} />;
}
