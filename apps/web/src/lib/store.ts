import type { SessionUser } from '@cohort/domain';
import { PERSISTED_STATE_TIMEOUT_MS } from '@cohort/domain/enums';
import { createStore, type StoreApi, useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** The global state of spec §3, exactly these keys, persisted in localStorage. */
export type AppState = {
  token: string | null;
  user: SessionUser | null;
  isMobileView: boolean;
  sessionExpired: boolean;
  appLoaded: boolean;
  /** A navigation requested from outside React (api client, error handling); the app performs it and clears it. */
  redirectTo: string | null;
  viewChangeCounter: number;
};

export type AppActions = {
  setSession: (token: string, user: SessionUser) => void;
  setUser: (user: SessionUser) => void;
  setToken: (token: string | null) => void;
  setSessionExpired: (expired: boolean) => void;
  setAppLoaded: (loaded: boolean) => void;
  setMobileView: (isMobile: boolean) => void;
  requestRedirect: (to: string | null) => void;
};

export type AppStore = AppState & AppActions;

export const STORE_KEY = 'cohort-admin-state';

export const initialState: AppState = {
  token: null,
  user: null,
  isMobileView: false,
  sessionExpired: false,
  appLoaded: false,
  redirectTo: null,
  viewChangeCounter: 0,
};

export function createAppStore(storage: StateStorage = localStorage) {
  return createStore<AppStore>()(
    persist(
      (set, get) => ({
        ...initialState,
        setSession: (token, user) => set({ token, user, sessionExpired: false }),
        setUser: (user) => set({ user }),
        setToken: (token) => set(token ? { token } : { token: null, user: null }),
        setSessionExpired: (sessionExpired) => set({ sessionExpired }),
        setAppLoaded: (appLoaded) => set({ appLoaded }),
        setMobileView: (isMobileView) => {
          if (get().isMobileView === isMobileView) return;
          set({ isMobileView, viewChangeCounter: get().viewChangeCounter + 1 });
        },
        requestRedirect: (redirectTo) => set({ redirectTo }),
      }),
      {
        name: STORE_KEY,
        version: 1,
        storage: createJSONStorage(() => storage),
        partialize: (s): AppState => ({
          token: s.token,
          user: s.user,
          isMobileView: s.isMobileView,
          sessionExpired: s.sessionExpired,
          appLoaded: s.appLoaded,
          redirectTo: s.redirectTo,
          viewChangeCounter: s.viewChangeCounter,
        }),
        // appLoaded describes this page load, never a previous one.
        merge: (persisted, current) => ({
          ...current,
          ...(persisted as Partial<AppState>),
          appLoaded: current.appLoaded,
        }),
      },
    ),
  );
}

export const appStore = createAppStore();

export function useAppStore<T>(selector: (s: AppStore) => T): T {
  return useStore(appStore, selector);
}

/**
 * Resolves once the saved state has been read back from storage, or after
 * `timeoutMs` (spec §9: 5000 ms) so a broken storage never blocks the app.
 */
export function waitForHydration(
  store: { persist: { hasHydrated: () => boolean; onFinishHydration: (fn: () => void) => () => void } },
  timeoutMs: number = PERSISTED_STATE_TIMEOUT_MS,
): Promise<'restored' | 'timeout'> {
  if (store.persist.hasHydrated()) return Promise.resolve('restored');
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve('timeout');
    }, timeoutMs);
    const unsubscribe = store.persist.onFinishHydration(() => {
      clearTimeout(timer);
      unsubscribe();
      resolve('restored');
    });
  });
}

/** Logged-out state: all local storage cleared, token null (spec §4 and §8). */
export function clearSession(store: StoreApi<AppStore> = appStore): void {
  try {
    localStorage.clear();
  } catch {
    // storage unavailable: the in-memory state below still logs the user out
  }
  store.getState().setToken(null);
}
