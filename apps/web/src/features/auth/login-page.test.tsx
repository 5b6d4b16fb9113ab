import { calls, MESSAGES } from '@cohort/domain';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { appStore, initialState } from '../../lib/store';
import { renderWithProviders } from '../../testing/render';
import { answer, failure } from '../../testing/stub-call';
import { LoginPage } from './login-page';

const user = {
  id: 1,
  name: 'Ada',
  email: 'admin@cohort.test',
  role: 'ADMIN',
  roleId: 1,
  twoFactorEnabled: true,
  mustChangePassword: false,
};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  appStore.setState({ ...initialState, appLoaded: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanNotifications();
});

/** The login page's own expiry notice, which doubled the catalogue's toast. */
function expectNoExpiryBanner() {
  expect(screen.queryByText('Session expired')).toBeNull();
  expect(screen.queryByText(/Your session has ended/)).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
}

function fillCredentials(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('validates the fields before calling the server', async () => {
    renderWithProviders(<LoginPage />);
    fillCredentials('not-an-email', '');
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // Issue 18, finding 16: an expired session is said once, by the catalogue's toast (spec §8).
  it('after a 401 adds no message of its own to the toast, and forgets the expiry once logged in again', async () => {
    appStore.setState({ sessionExpired: true });
    fetchMock.mockResolvedValueOnce(
      answer(calls.auth.loginStaff, { token: 'full', user: { ...user, twoFactorEnabled: false } }),
    );
    renderWithProviders(<LoginPage />);
    expectNoExpiryBanner();
    fillCredentials('admin@cohort.test', 'cohort-demo-2026');
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    expect(appStore.getState().sessionExpired).toBe(false);
    expectNoExpiryBanner();
  });

  it('a wrong password in a fresh browser says only that, never "Session expired"', async () => {
    fetchMock.mockResolvedValueOnce(
      failure(calls.auth.loginStaff, 401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    );
    renderWithProviders(<LoginPage />);
    fillCredentials('admin@cohort.test', 'wrong-password');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('data-loading')).toBe(false),
    );
    expect(appStore.getState().sessionExpired).toBe(false);
    expect(screen.queryByText('Session expired')).toBeNull();
  });

  it('a 401 on a call made with a session marks it expired: one message, the toast', async () => {
    appStore.setState({ token: 'tok', user });
    fetchMock.mockResolvedValueOnce(
      failure(calls.auth.loginStaff, 401, { message: 'Session expired', code: 'UNAUTHORIZED' }),
    );
    await api.get('/admin/blog/get').catch(() => {});
    expect(appStore.getState().sessionExpired).toBe(true);
    expect(appStore.getState().token).toBeNull();
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual([MESSAGES.tokenExpired]);
    renderWithProviders(<LoginPage />);
    expectNoExpiryBanner();
  });

  it('shows no expiry notice on a first visit', () => {
    renderWithProviders(<LoginPage />);
    expectNoExpiryBanner();
  });

  it('logs in without 2FA and stores the session', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(calls.auth.loginStaff, { token: 'full', user: { ...user, twoFactorEnabled: false } }),
    );
    renderWithProviders(<LoginPage />);
    fillCredentials('admin@cohort.test', 'cohort-demo-2026');
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/auth/login/admin');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@cohort.test', password: 'cohort-demo-2026' });
    expect(appStore.getState().redirectTo).toBe('/');
  });

  it('asks for the 2FA code and exchanges the limited token', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(calls.auth.loginStaff, { twoFactorRequired: true, token: 'limited' }))
      .mockResolvedValueOnce(answer(calls.auth.verify2FA, { token: 'full', user }));
    renderWithProviders(<LoginPage />);
    fillCredentials('admin@cohort.test', 'cohort-demo-2026');

    const code = await screen.findByLabelText('Authentication code');
    expect(appStore.getState().token).toBeNull();
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/admin/auth/verify2FA');
    expect((init?.headers as Record<string, string> | undefined)?.token).toBe('limited');
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
    expect(localStorage.getItem('twoFactorVerified')).toBe('true');
  });

  it('keyboard and screen reader: a main landmark, the code field focused, a wrong code said once', async () => {
    const toast = vi.spyOn(await import('@mantine/notifications').then((m) => m.notifications), 'show');
    fetchMock
      .mockResolvedValueOnce(answer(calls.auth.loginStaff, { twoFactorRequired: true, token: 'limited' }))
      .mockResolvedValueOnce(
        failure(calls.auth.verify2FA, 400, {
          message: 'That code is not valid',
          code: 'BAD_REQUEST',
          issues: [{ path: ['code'], message: 'That code is not valid' }],
        }),
      );
    renderWithProviders(<LoginPage />);
    expect(screen.getByRole('main')).toBeTruthy();
    fillCredentials('admin@cohort.test', 'cohort-demo-2026');
    const code = await screen.findByLabelText('Authentication code');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(toast.mock.calls.map(([n]) => n.message)).toEqual(['That code is not valid']);
    expect(screen.queryAllByText('That code is not valid')).toHaveLength(0);
  });

  it('accepts a backup code instead', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(calls.auth.loginStaff, { twoFactorRequired: true, token: 'limited' }))
      .mockResolvedValueOnce(answer(calls.auth.verify2FA, { token: 'full', user }));
    renderWithProviders(<LoginPage />);
    fillCredentials('admin@cohort.test', 'cohort-demo-2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a backup code' }));
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: 'ABCD-EFGH-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(appStore.getState().token).toBe('full'));
    expect(fetchMock.mock.calls[1][0]).toBe('/admin/auth/verify-backup-code');
  });

  it('puts server field issues on the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      failure(calls.auth.loginStaff, 400, {
        message: 'Invalid input',
        code: 'BAD_REQUEST',
        issues: [{ path: ['email'], message: 'Unknown domain' }],
      }),
    );
    renderWithProviders(<LoginPage />);
    fillCredentials('admin@cohort.test', 'x');
    expect(await screen.findByText('Unknown domain')).toBeTruthy();
  });
});
