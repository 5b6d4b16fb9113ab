import { Center, Loader } from '@mantine/core';
import {
  createRootRoute,
  createRoute,
  createRouter,
  type ErrorComponentProps,
  Outlet,
  type RouterHistory,
  useLocation,
  useRouter,
} from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { validateDashboardSearch } from '../features/dashboard/dashboard-search';
import { ImpersonationView } from '../features/impersonation/components/impersonation-view';
import { validatePlacementQueueSearch } from '../features/placements/placement-queue-search';
import { validateListSearch } from '../features/resources/list-search';
import { validateRoleDetailSearch, validateRolesSearch } from '../features/roles/roles-search';
import { useImpersonation } from '../lib/impersonation';
import { lazyImport } from '../lib/lazy-import';
import { isLoginAddress, loginHref, returnPathOf } from '../lib/return-path';
import { useAppStore } from '../lib/store';
import { AppLayout } from './layout/app-layout';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found-page';

const LoginPage = lazyImport('login', () => import('../features/auth/login-page'), 'LoginPage');
const NewPasswordPage = lazyImport('new-password', () => import('./new-password-page'), 'NewPasswordPage');
const DashboardPage = lazyImport('dashboard', () => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const SecurityPage = lazyImport('security', () => import('../features/security/security-page'), 'SecurityPage');
const ResourceListPage = lazyImport(
  'resource-list',
  () => import('./resources/resource-list-page'),
  'ResourceListPage',
);
const ResourceCreatePage = lazyImport(
  'resource-create',
  () => import('./resources/resource-create-page'),
  'ResourceCreatePage',
);
const ResourceDetailPage = lazyImport(
  'resource-detail',
  () => import('./resources/resource-detail-page'),
  'ResourceDetailPage',
);
const PlacementQueuePage = lazyImport(
  'placement-queue',
  () => import('../features/placements/placement-queue-page'),
  'PlacementQueuePage',
);
const RolesPage = lazyImport('roles', () => import('../features/roles/roles-page'), 'RolesPage');
const RoleDetailPage = lazyImport('role-detail', () => import('../features/roles/role-detail-page'), 'RoleDetailPage');

function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** Replaces the address with `href` (a path with its query, which `<Navigate to>` cannot take). */
function GoTo({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ href, replace: true });
  }, [router, href]);
  return null;
}

/**
 * Logged out, every path shows the login page at the root path; the path asked for rides along
 * as `?next=` and the login returns to it (decision 036). A `next` that could leave the console
 * is ignored.
 */
function LoggedOut() {
  const { href } = useLocation();
  const next = returnPathOf(href);
  if (!isLoginAddress(href)) return <GoTo href={loginHref(next)} />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LoginPage next={next} />
    </Suspense>
  );
}

function Root() {
  const token = useAppStore((s) => s.token);
  const mustChangePassword = useAppStore((s) => s.user?.mustChangePassword === true);
  const impersonation = useImpersonation();
  if (!token) return <LoggedOut />;
  // A password someone else chose: nothing else opens until it is changed (decision 028).
  if (mustChangePassword) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <NewPasswordPage />
      </Suspense>
    );
  }
  // Acting as a learner: no staff screen opens with a learner's session (decision 015).
  const acting = impersonation !== null && impersonation.adminToken !== token;
  return (
    <AppLayout>
      <Suspense fallback={<PageLoader />}>{acting ? <ImpersonationView /> : <Outlet />}</Suspense>
    </AppLayout>
  );
}

/** Rendering errors go to the app-wide boundary (error page, report, storage cleared). */
function RethrowError({ error }: ErrorComponentProps): never {
  throw error;
}

const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFoundPage });

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateDashboardSearch,
  component: DashboardPage,
});

const securityRoute = createRoute({ getParentRoute: () => rootRoute, path: '/security', component: SecurityPage });

const rolesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/roles',
  validateSearch: validateRolesSearch,
  component: RolesPage,
});

const roleDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/roles/$id',
  validateSearch: validateRoleDetailSearch,
  component: RoleDetailPage,
});

const placementQueueRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/placement-queue',
  validateSearch: validatePlacementQueueSearch,
  component: PlacementQueuePage,
});

const resourceListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$resource',
  validateSearch: validateListSearch,
  component: ResourceListPage,
});

const resourceCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$resource/new',
  component: ResourceCreatePage,
});

const resourceDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$resource/$id',
  component: ResourceDetailPage,
});

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  securityRoute,
  rolesRoute,
  roleDetailRoute,
  placementQueueRoute,
  resourceListRoute,
  resourceCreateRoute,
  resourceDetailRoute,
]);

/** The console's router; tests pass a memory history to run the real routes. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    basepath: '/',
    defaultErrorComponent: RethrowError,
    // Rethrown errors must reach AppErrorBoundary, not the router's own "Something went wrong!".
    disableGlobalCatchBoundary: true,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
