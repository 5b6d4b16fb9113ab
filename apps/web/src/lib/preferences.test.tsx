import { blogResource, calls } from '@cohort/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { signInAs, stubApi } from '../features/roles/roles-test-utils';
import { renderWithProviders } from '../testing/render';
import { AppTestRouter } from '../testing/router';
import { answer, failure, recordsAnswer } from '../testing/stub-call';
import { loadPreferences, PREFERENCES_PATH, preferencesStore, resetPreferences, savePreferences } from './preferences';
import { appStore, clearSession } from './store';

// Issue 8, finding 5: preferences survive logout (which clears local storage) because they
// live on the server, per user, and come back at login.
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
let stored: Record<string, unknown>;
let puts: unknown[];

beforeEach(() => {
  resetPreferences();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stored = {};
  puts = [];
  stubApi(fetchMock, (url, init) => {
    if (url.pathname === PREFERENCES_PATH && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return answer(calls.preferences.save, stored);
    }
    if (url.pathname === PREFERENCES_PATH) return answer(calls.preferences.get, stored);
    if (url.pathname === '/admin/auth/session')
      return answer(calls.auth.staffSession, { user: appStore.getState().user! });
    if (url.pathname === '/admin/dashboard/stats')
      return failure(calls.dashboard.stats, 500, { message: 'no', code: 'INTERNAL' });
    if (url.pathname === '/admin/blog/get') return recordsAnswer(blogResource, []);
    return undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('preferences', () => {
  it('a burst of choices is one save, merged list by list', async () => {
    vi.useFakeTimers();
    signInAs('ADMIN');
    savePreferences({ lists: { blogs: { columns: ['title'] } } });
    savePreferences({ lists: { blogs: { size: 50 } } });
    savePreferences({ theme: 'dark' });
    expect(preferencesStore.getState().prefs).toEqual({
      theme: 'dark',
      lists: { blogs: { columns: ['title'], size: 50 } },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(puts).toEqual([{ theme: 'dark', lists: { blogs: { columns: ['title'], size: 50 } } }]);
  });

  it('a list opens with the columns and page size kept on the server', async () => {
    signInAs('ADMIN');
    stored = { lists: { blogs: { columns: ['title', 'status'], size: 50 } } };
    await loadPreferences();
    renderWithProviders(<AppTestRouter url="/blogs" />);
    await screen.findByText('No blogs yet.', {}, { timeout: 5000 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Status']);
    const list = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/admin/blog/get'));
    expect(list).toContain('page_size=50');
  });

  it('logout clears local storage and the next login brings the preferences back, theme included', async () => {
    stored = { theme: 'dark', lists: { blogs: { columns: ['title'] } } };
    signInAs('MARKETING');
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    await waitFor(() => expect(preferencesStore.getState().status).toBe('ready'));
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));
    expect(localStorage.length).toBeGreaterThan(0);

    clearSession(appStore);
    // Cleared (spec §4): only the logged-out global state is written back.
    expect(Object.keys(localStorage)).toEqual(['cohort-admin-state']);
    expect(appStore.getState().token).toBeNull();
    expect(preferencesStore.getState().prefs).toEqual({});

    const loads = () =>
      fetchMock.mock.calls.filter(([u, i]) => String(u) === PREFERENCES_PATH && (i?.method ?? 'GET') === 'GET').length;
    const before = loads();
    signInAs('MARKETING');
    await waitFor(() => expect(loads()).toBe(before + 1));
    await waitFor(() => expect(preferencesStore.getState().prefs).toEqual(stored));
  });
});
