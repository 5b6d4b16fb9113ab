import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { appStore, clearSession, createAppStore, initialState, STORE_KEY, waitForHydration } from './store';

const user = {
  id: 3,
  name: 'Mo',
  email: 'mo@cohort.test',
  role: 'MARKETING',
  roleId: 4,
  twoFactorEnabled: true,
  mustChangePassword: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('persisted store', () => {
  it('holds exactly the spec global state keys in storage', () => {
    const store = createAppStore(localStorage);
    store.getState().setSession('tok-1', user);
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    expect(Object.keys(saved.state).sort()).toEqual(
      ['appLoaded', 'isMobileView', 'redirectTo', 'sessionExpired', 'token', 'user', 'viewChangeCounter'].sort(),
    );
    expect(saved.state.token).toBe('tok-1');
  });

  it('restores the saved state from localStorage', async () => {
    localStorage.setItem(
      STORE_KEY,
      JSON.stringify({
        state: { ...initialState, token: 'tok-saved', user, isMobileView: true, viewChangeCounter: 4, appLoaded: true },
        version: 1,
      }),
    );
    const store = createAppStore(localStorage);
    await expect(waitForHydration(store)).resolves.toBe('restored');
    const s = store.getState();
    expect(s.token).toBe('tok-saved');
    expect(s.user?.name).toBe('Mo');
    expect(s.isMobileView).toBe(true);
    expect(s.viewChangeCounter).toBe(4);
    // appLoaded belongs to this page load, not the saved one.
    expect(s.appLoaded).toBe(false);
  });

  it('gives up waiting after 5000 ms when storage never answers', async () => {
    vi.useFakeTimers();
    const never: StateStorage = {
      getItem: () => new Promise<string | null>(() => {}),
      setItem: () => {},
      removeItem: () => {},
    };
    const store = createAppStore(never);
    let outcome: string | undefined;
    void waitForHydration(store).then((o) => {
      outcome = o;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('timeout');
  });

  it('resolves as soon as slow storage answers', async () => {
    vi.useFakeTimers();
    const slow: StateStorage = {
      getItem: () =>
        new Promise<string | null>((resolve) =>
          setTimeout(() => resolve(JSON.stringify({ state: { token: 'tok-slow' }, version: 1 })), 1_000),
        ),
      setItem: () => {},
      removeItem: () => {},
    };
    const store = createAppStore(slow);
    let outcome: string | undefined;
    void waitForHydration(store).then((o) => {
      outcome = o;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome).toBe('restored');
    expect(store.getState().token).toBe('tok-slow');
  });

  it('bumps viewChangeCounter only when the mobile view flips', () => {
    const store = createAppStore(localStorage);
    store.getState().setMobileView(false);
    expect(store.getState().viewChangeCounter).toBe(0);
    store.getState().setMobileView(true);
    store.getState().setMobileView(true);
    expect(store.getState().viewChangeCounter).toBe(1);
    store.getState().setMobileView(false);
    expect(store.getState().viewChangeCounter).toBe(2);
  });

  it('clearSession empties local storage and drops the token', () => {
    appStore.getState().setSession('tok-x', user);
    localStorage.setItem('something', 'else');
    clearSession(appStore);
    expect(localStorage.getItem('something')).toBeNull();
    expect(appStore.getState().token).toBeNull();
    expect(appStore.getState().user).toBeNull();
  });
});
