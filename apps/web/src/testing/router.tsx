import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from '../app/router';

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

/** The console's real routes (layout included) around a memory history starting at `url`. */
export function AppTestRouter({ url }: { url: string }) {
  const [router] = useState(() => createAppRouter(createMemoryHistory({ initialEntries: [url] })));
  return <RouterProvider router={router} />;
}
