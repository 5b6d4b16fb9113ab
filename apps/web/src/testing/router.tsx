import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';

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
