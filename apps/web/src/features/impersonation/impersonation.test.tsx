import { calls, isaTypeResource, subscriptionResource, userResource } from '@cohort/domain';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { IMPERSONATION_KEY, impersonationStore } from '../../lib/impersonation';
import { appStore } from '../../lib/store';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { AppTestRouter } from '../../testing/router';
import { answer, failure, recordAnswer, recordsAnswer } from '../../testing/stub-call';
import { logout } from '../auth/api/logout';
import { signInAs, stubApi } from '../roles/roles-test-utils';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const learner = { id: 5, name: 'Asha Learner', email: 'asha@example.com', createdAt: at, updatedAt: at, version: 1 };
const learnerSession = {
  id: 5,
  name: 'Asha Learner',
  email: 'asha@example.com',
  role: 'USER',
  roleId: 2,
  twoFactorEnabled: false,
  mustChangePassword: false,
  impersonatedBy: { id: 1, name: 'Tester' },
};
type Call = { method: string; path: string; token: string | null; body: unknown };
let made: Call[];
/** What /auth/session answers for the impersonation token (a 401 once it has ended). */
let impersonationLive: boolean;

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  made = [];
  impersonationLive = true;
  impersonationStore.getState().set(null);
  stubApi(fetchMock, (url, init) => {
    // The ISA panel (decision 017): a learner without an ISA.
    if (url.pathname === '/admin/isa/get') return recordsAnswer(isaTypeResource, []);
    // The placement panel: the learner's subscriptions and deposits (decision 018).
    if (url.pathname === '/admin/subscription/all' || url.pathname === '/admin/subscription/upfront-deposit')
      return recordsAnswer(subscriptionResource, []);
    if (url.pathname === '/admin/user/isa/get')
      return answer(calls.isa.get, {
        userId: Number(url.searchParams.get('userId')),
        isaStatus: 'Not Assigned',
        isa: null,
        allowed: ['assign'],
      });
    const token = new Headers(init?.headers).get('token');
    const method = init?.method ?? 'GET';
    made.push({ method, path: url.pathname, token, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const isLearner = url.pathname === '/admin/user/get/5' || url.pathname === '/admin/user/details';
    if (isLearner && method === 'GET') return recordAnswer(userResource, learner);
    if (url.pathname === '/admin/user/history') return answer(calls.learners.history, { data: [], totalItems: 0 });
    if (url.pathname.startsWith('/admin/card/') || url.pathname.startsWith('/admin/message/'))
      return jsonResponse(200, { data: [], totalItems: 0, userTypes: [], userId: 5 });
    if (url.pathname === '/admin/user/impersonate' && method === 'POST')
      return answer(calls.impersonation.start, { token: 'imp-tok', expiresAt: '2026-01-05T10:15:00.000Z' });
    if (url.pathname === '/auth/session') {
      if (token !== 'imp-tok' || !impersonationLive)
        return failure(calls.auth.session, 401, { message: 'This impersonation has ended', code: 'UNAUTHORIZED' });
      return answer(calls.auth.session, { user: learnerSession });
    }
    if (url.pathname === '/admin/user/impersonate/stop')
      return answer(calls.impersonation.stop, { message: 'Stopped' });
    if (url.pathname === '/admin/logout') return answer(calls.auth.logoutStaff, { message: 'Logged out' });
    if (url.pathname === '/admin/auth/session') return undefined;
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

async function impersonateFromLearnerPage() {
  signInAs('ADMIN');
  renderWithProviders(
    <ModalsProvider>
      <AppTestRouter url="/learners/5" />
    </ModalsProvider>,
  );
  const form = await screen.findByRole('form', { name: 'Impersonate this learner' }, { timeout: 5000 });
  fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Blank dashboard reported' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Impersonate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Act as Asha Learner?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Impersonate' }));
  return screen.findByTestId('impersonation-banner', {}, { timeout: 5000 });
}

describe('impersonating a learner from their page', { timeout: 20_000 }, () => {
  it('asks for a reason before anything is sent', async () => {
    signInAs('ADMIN');
    renderWithProviders(
      <ModalsProvider>
        <AppTestRouter url="/learners/5" />
      </ModalsProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Impersonate this learner' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Impersonate' }));
    expect(await within(form).findByText('Say why you need to act as this learner')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(made.filter((c) => c.path === '/admin/user/impersonate')).toEqual([]);
  });

  it('shows the banner on every screen while the token is in use; stop restores the admin session', async () => {
    const banner = await impersonateFromLearnerPage();
    expect(within(banner).getByText('You are acting as Asha Learner')).toBeTruthy();
    expect(within(banner).getByText(/Reason: Blank dashboard reported/)).toBeTruthy();
    expect(made.find((c) => c.path === '/admin/user/impersonate')).toMatchObject({
      token: 'tok',
      body: { userId: 5, reason: 'Blank dashboard reported' },
    });
    // The console now acts as the learner; the admin's own session waits in local storage.
    expect(appStore.getState().token).toBe('imp-tok');
    expect(appStore.getState().user?.name).toBe('Asha Learner');
    expect(JSON.parse(localStorage.getItem(IMPERSONATION_KEY) ?? '{}').state.current.adminToken).toBe('tok');
    expect((await screen.findByTestId('impersonated-name')).textContent).toBe('Asha Learner');
    // No staff screen is called with the learner's token.
    const before = made.length;
    await waitFor(() => expect(screen.getByTestId('impersonation-banner')).toBeTruthy());
    expect(made.slice(before).filter((c) => c.token === 'imp-tok' && c.path.startsWith('/admin/'))).toEqual([]);

    fireEvent.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(appStore.getState().token).toBe('tok'));
    expect(made.find((c) => c.path === '/admin/user/impersonate/stop')).toMatchObject({
      token: 'tok',
      body: { token: 'imp-tok' },
    });
    expect(appStore.getState().user?.name).toBe('Tester');
    expect(impersonationStore.getState().current).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('impersonation-banner')).toBeNull());
    expect(await screen.findByRole('form', { name: 'Impersonate this learner' }, { timeout: 5000 })).toBeTruthy();
  });

  it('an ended impersonation token returns the admin to their session instead of logging out', async () => {
    await impersonateFromLearnerPage();
    impersonationLive = false;
    await api.get('/auth/session').catch(() => {});
    expect(appStore.getState().token).toBe('tok');
    expect(appStore.getState().user?.name).toBe('Tester');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The impersonation has ended. You are back in your own session.' }),
    );
  });

  it('logging out while impersonating ends both sessions and clears local storage', async () => {
    await impersonateFromLearnerPage();
    await logout();
    expect(
      made.filter((c) => c.method === 'POST' && c.path !== '/admin/user/impersonate').map((c) => [c.path, c.token]),
    ).toEqual([
      ['/admin/user/impersonate/stop', 'tok'],
      ['/admin/logout', 'tok'],
    ]);
    expect(appStore.getState().token).toBeNull();
    expect(impersonationStore.getState().current).toBeNull();
    expect(localStorage.getItem(IMPERSONATION_KEY) ?? '').not.toContain('tok');
  });

  it('is not offered to other roles', async () => {
    signInAs('MOTIVATOR');
    renderWithProviders(<AppTestRouter url="/learners/5" />);
    expect(await screen.findByRole('heading', { name: 'History' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Impersonate this learner' })).toBeNull();
  });
});
