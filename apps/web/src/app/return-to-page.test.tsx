import { blogResource, calls, frontendErrorResource, MESSAGES } from '@cohort/domain';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AnyRouter } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../features/auth/api/logout';
import { signInAs, stubApi } from '../features/roles/roles-test-utils';
import { api } from '../lib/api-client';
import { appStore, initialState } from '../lib/store';
import { renderWithProviders } from '../testing/render';
import { AppTestRouter } from '../testing/router';
import { answer, errorAnswer, recordAnswer, recordsAnswer } from '../testing/stub-call';
import { AppErrorBoundary } from './error-boundary';

// Issue 18, finding 1: the page asked for survives a login (decision 036).
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const ada = {
  id: 1,
  name: 'Ada',
  email: 'admin@cohort.test',
  role: 'ADMIN',
  roleId: 1,
  twoFactorEnabled: false,
  mustChangePassword: false,
};
const stats = {
  home: { learners: 200, activeLearners: 180, staff: 9, blogs: 12, upcomingEvents: 3 },
  studies: { byIsaStatus: [], averagePoints: 10, readyForPlacement: 4 },
  stories: { liveBlogs: 8, archivedBlogs: 4, recentBlogs: [] },
  progress: { weeks: [], isaFunnel: [], placementPayments: [] },
};
/** Set by a test to make the server ask for the code step. */
let twoFactor = false;

beforeEach(() => {
  twoFactor = false;
  fetchMock.mockReset();
  vi.mocked(notifications.show).mockClear();
  vi.stubGlobal('fetch', fetchMock);
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.pathname === calls.auth.loginStaff.path)
      return twoFactor
        ? answer(calls.auth.loginStaff, { twoFactorRequired: true, token: 'limited' })
        : answer(calls.auth.loginStaff, { token: 'full', user: ada });
    if (method === 'POST' && url.pathname === calls.auth.verify2FA.path)
      return answer(calls.auth.verify2FA, { token: 'full', user: { ...ada, twoFactorEnabled: true } });
    if (url.pathname === '/admin/dashboard/stats') return answer(calls.dashboard.stats, stats);
    if (url.pathname === '/admin/blog/get') return recordsAnswer(blogResource, [], 0);
    return undefined;
  });
  appStore.setState({ ...initialState, appLoaded: true });
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

/** The console's routes at `url`, performing the store's redirects; returns the router. */
function openAt(url: string): { router: () => AnyRouter } {
  let router: AnyRouter | undefined;
  renderWithProviders(
    <AppTestRouter
      url={url}
      redirects
      onRouter={(r) => {
        router = r;
      }}
    />,
  );
  return {
    router: () => {
      if (!router) throw new Error('no router');
      return router;
    },
  };
}

const hrefOf = (router: AnyRouter) => router.state.location.href as string;

async function logIn() {
  await screen.findByRole('heading', { name: 'Log in', level: 1 }, { timeout: 5000 });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'admin@cohort.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'cohort-demo-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('a shared link opened while logged out', () => {
  it('shows the login at the root path carrying the link, and the login opens the link', async () => {
    const { router } = openAt('/blogs?page=2&sort=title');
    await logIn();
    expect(new URL(hrefOf(router()), 'http://x').searchParams.get('next')).toBe('/blogs?page=2&sort=title');
    await waitFor(() => expect(hrefOf(router())).toBe('/blogs?page=2&sort=title'));
    expect(appStore.getState().token).toBe('full');
  });

  it('a learner link comes back after the 2FA step too', async () => {
    twoFactor = true;
    const { router } = openAt('/learners/2016?tab=isa');
    await logIn();
    const code = await screen.findByLabelText('Authentication code');
    // Still logged out, still carrying the link.
    expect(new URL(hrefOf(router()), 'http://x').pathname).toBe('/');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(hrefOf(router())).toBe('/learners/2016?tab=isa'));
    expect(appStore.getState().token).toBe('full');
  });

  it('the root path alone leads to the Dashboard', async () => {
    const { router } = openAt('/');
    await logIn();
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 5000 });
    expect(hrefOf(router())).toBe('/');
  });
});

describe('logging out', () => {
  it('goes to the root path carrying the page, and the login after it returns there', async () => {
    signInAs('ADMIN');
    const { router } = openAt('/blogs?page=2');
    await screen.findByRole('heading', { name: 'Blogs', level: 1 }, { timeout: 5000 });
    window.history.replaceState(null, '', '/blogs?page=2');
    fetchMock.mockResolvedValueOnce(answer(calls.auth.logoutStaff, { message: 'Logged out' }));
    await act(() => logout());
    expect(appStore.getState().token).toBeNull();
    await screen.findByRole('heading', { name: 'Log in', level: 1 }, { timeout: 5000 });
    expect(new URL(hrefOf(router()), 'http://x').searchParams.get('next')).toBe('/blogs?page=2');
    await logIn();
    await waitFor(() => expect(hrefOf(router())).toBe('/blogs?page=2'));
  });
});

describe('a session that expires mid-page', () => {
  it('logs out to the root path with the page, says so once, and the login returns to the page', async () => {
    signInAs('ADMIN');
    const { router } = openAt('/blogs?page=2');
    await screen.findByRole('heading', { name: 'Blogs', level: 1 }, { timeout: 5000 });
    // The console runs on browser history: the api client reads the address from there.
    window.history.replaceState(null, '', '/blogs?page=2');
    fetchMock.mockResolvedValueOnce(errorAnswer(401, { message: 'Session expired', code: 'UNAUTHORIZED' }));
    await act(() => api.get('/admin/blog/get').catch(() => {}));
    expect(appStore.getState().sessionExpired).toBe(true);
    await screen.findByRole('heading', { name: 'Log in', level: 1 }, { timeout: 5000 });
    // One message, the catalogue's toast (issue 18, finding 16): the login page adds none.
    const said = vi.mocked(notifications.show).mock.calls.map(([n]) => String(n.message));
    expect(said.filter((m) => m === MESSAGES.tokenExpired)).toHaveLength(1);
    expect(screen.queryByText('Session expired')).toBeNull();
    expect(new URL(hrefOf(router()), 'http://x').pathname).toBe('/');
    expect(new URL(hrefOf(router()), 'http://x').searchParams.get('next')).toBe('/blogs?page=2');
    await logIn();
    await waitFor(() => expect(hrefOf(router())).toBe('/blogs?page=2'));
  });

  it('a 403 logs out to the bare root path: the page was not this person to return to', async () => {
    signInAs('ADMIN');
    const { router } = openAt('/blogs?page=2');
    await screen.findByRole('heading', { name: 'Blogs', level: 1 }, { timeout: 5000 });
    window.history.replaceState(null, '', '/blogs?page=2');
    fetchMock.mockResolvedValueOnce(errorAnswer(403, { message: 'Forbidden', code: 'FORBIDDEN' }));
    await act(() => api.get('/admin/blog/get').catch(() => {}));
    await screen.findByRole('heading', { name: 'Log in', level: 1 }, { timeout: 5000 });
    expect(hrefOf(router())).toBe('/');
  });
});

describe('a rendering error', () => {
  function Broken(): never {
    throw new Error('kaboom');
  }

  it('logs out (storage cleared, token null), records the error, and Click Here then the login return to the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs('ADMIN');
    localStorage.setItem('columns:blog', '["title"]');
    window.history.replaceState(null, '', '/learners/2016?tab=isa');
    fetchMock.mockResolvedValueOnce(recordAnswer(frontendErrorResource, { id: 1 }, 201));
    const page = render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    // The catalogue's behaviour, unchanged.
    expect(screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeTruthy();
    expect(appStore.getState().token).toBeNull();
    expect(localStorage.getItem('columns:blog')).toBeNull();
    // Recorded as a frontend error, with the token it had.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/admin/frontend-errors/add');
    expect((init?.headers as Record<string, string> | undefined)?.token).toBe('tok');
    // "Click Here" reloads the page asked for (spec §2): the address carries it, not the storage.
    const href = screen.getByRole('link', { name: 'Click Here' }).getAttribute('href') ?? '';
    expect(href).toBe('/learners/2016?tab=isa');
    page.unmount();

    // The reload: logged out, so the login page, carrying the page; the login returns to it.
    const { router } = openAt(href);
    await logIn();
    expect(new URL(hrefOf(router()), 'http://x').searchParams.get('next')).toBe('/learners/2016?tab=isa');
    await waitFor(() => expect(hrefOf(router())).toBe('/learners/2016?tab=isa'));
  });
});

describe('a hostile next', () => {
  it.each([
    '//evil.com',
    '//evil.com/learners',
    'https://evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '/..//evil.com',
    '/%09/evil.com'.replace('%09', '\t'),
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /learners',
  ])('%j lands on the Dashboard', async (next) => {
    const navigations: unknown[] = [];
    let router: AnyRouter | undefined;
    renderWithProviders(
      <AppTestRouter
        url={`/?next=${encodeURIComponent(next)}`}
        redirects
        onRouter={(r) => {
          router = r;
          // A memory history cannot leave the page; what the console asks for is what matters.
          const navigate = r.navigate.bind(r);
          r.navigate = ((opts: Parameters<AnyRouter['navigate']>[0]) => {
            navigations.push(opts);
            return navigate(opts);
          }) as AnyRouter['navigate'];
        }}
      />,
    );
    await logIn();
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 5000 });
    expect(router && hrefOf(router)).toBe('/');
    expect(navigations).toEqual([{ href: '/', replace: true }]);
  });
});
