import { calls, type LoginResult, type SessionUser } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { safeReturnPath } from '../../../lib/return-path';
import { appStore } from '../../../lib/store';

export type Credentials = { email: string; password: string };
export type SessionAnswer = { token: string; user: SessionUser };

export function login(credentials: Credentials): Promise<LoginResult> {
  return call(calls.auth.loginStaff, { body: credentials, token: null });
}

/**
 * Stores the session; the app then shows the page the login was asked for (`next`, a
 * same-origin path; decision 036), or the dashboard at the root path.
 */
export function startSession({ token, user }: SessionAnswer, next: string | null = null): void {
  appStore.getState().setSession(token, user);
  appStore.getState().requestRedirect(safeReturnPath(next) ?? '/');
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
