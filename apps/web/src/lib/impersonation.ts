import type { SessionUser } from '@cohort/domain';
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { appStore } from './store';

/**
 * While an admin acts as a learner (decision 015) the console's `token` is the learner's
 * impersonation token, and the admin's own session waits here until "Stop impersonating".
 * It lives in local storage beside the spec's state, so a reload keeps it and the spec's
 * logout (which clears local storage) drops it; the logout call ends both sessions on the
 * server first (features/auth/api/logout.ts).
 */
export type Impersonation = {
  adminToken: string;
  adminUser: SessionUser;
  learner: { id: number; name: string };
  reason: string;
  expiresAt: string;
};

type ImpersonationState = {
  current: Impersonation | null;
  set: (current: Impersonation | null) => void;
};

export const IMPERSONATION_KEY = 'cohort-admin-impersonation';

export const impersonationStore = createStore<ImpersonationState>()(
  persist((set) => ({ current: null, set: (current) => set({ current }) }), {
    name: IMPERSONATION_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ current: s.current }),
  }),
);

export function useImpersonation(): Impersonation | null {
  return useStore(impersonationStore, (s) => s.current);
}

/** The impersonation in use: held, and its token is the one the console sends. */
export function currentImpersonation(): Impersonation | null {
  const current = impersonationStore.getState().current;
  return current && appStore.getState().token && appStore.getState().token !== current.adminToken ? current : null;
}

/** Puts the admin's own session back (their token and user) and forgets the impersonation. */
export function restoreAdminSession(): Impersonation | null {
  const current = impersonationStore.getState().current;
  if (!current) return null;
  impersonationStore.getState().set(null);
  appStore.getState().setSession(current.adminToken, current.adminUser);
  return current;
}

// Logged out (the spec's logout, an expired session, a rendering error): no impersonation remains.
appStore.subscribe((s) => {
  if (!s.token && impersonationStore.getState().current) impersonationStore.getState().set(null);
});
