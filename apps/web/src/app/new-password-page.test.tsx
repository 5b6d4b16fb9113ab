import { calls } from '@cohort/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../features/roles/roles-test-utils';
import { api } from '../lib/api-client';
import { appStore, initialState } from '../lib/store';
import { jsonResponse, renderWithProviders } from '../testing/render';
import { AppTestRouter } from '../testing/router';
import { answer, failure } from '../testing/stub-call';

const fetchMock = vi.fn<typeof fetch>();
/** The page is a lazy chunk: its first load may take a while on a busy machine. */
const LOADED = { timeout: 10_000 };
const admin = {
  id: 1,
  name: 'Administrator',
  email: 'admin@cohort.local',
  role: 'ADMIN',
  roleId: 1,
  twoFactorEnabled: false,
  mustChangePassword: true,
};
let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sent = [];
  appStore.setState({ ...initialState, appLoaded: true, token: 'tok', user: admin });
  stubApi(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/admin/auth/change-password')
      return answer(calls.auth.changePassword, {
        message: 'Your password is changed. Other sessions of your account have ended.',
      });
    if (url.pathname === '/admin/logout') return answer(calls.auth.logoutStaff, { message: 'Logged out' });
    if (url.pathname === '/admin/auth/session') return answer(calls.auth.staffSession, { user: admin });
    // Whatever the console opens once the password is changed.
    return jsonResponse(200, { data: [], totalItems: 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('an account that must change its password', () => {
  it('sees only the "Choose a new password" screen, whatever the address, and no call is made', async () => {
    renderWithProviders(<AppTestRouter url="/learners" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, LOADED)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('changes the password there, then the console opens', async () => {
    renderWithProviders(<AppTestRouter url="/" />);
    fireEvent.change(await screen.findByLabelText('Current password', {}, LOADED), {
      target: { value: 'the-one-time-password' },
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'my own passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(appStore.getState().user?.mustChangePassword).toBe(false));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/admin/auth/change-password',
      body: { currentPassword: 'the-one-time-password', newPassword: 'my own passphrase' },
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull());
    expect(appStore.getState().token).toBe('tok');
  });

  it('can log out instead', async () => {
    renderWithProviders(<AppTestRouter url="/" />);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, LOADED);
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(appStore.getState().token).toBeNull());
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /admin/logout']);
  });

  it('a call refused with PASSWORD_CHANGE_REQUIRED leads to that screen, not out of the session', async () => {
    appStore.setState({ user: { ...admin, mustChangePassword: false } });
    fetchMock.mockResolvedValueOnce(
      failure(calls.dashboard.stats, 403, {
        message: 'Choose a new password to continue',
        code: 'PASSWORD_CHANGE_REQUIRED',
      }),
    );
    await expect(api.get('/admin/dashboard/stats')).rejects.toMatchObject({ status: 403 });
    expect(appStore.getState().token).toBe('tok');
    expect(appStore.getState().user?.mustChangePassword).toBe(true);
  });
});
