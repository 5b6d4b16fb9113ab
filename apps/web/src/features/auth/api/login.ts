import { calls, type LoginResult, type SessionUser } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { appStore } from '../../../lib/store';

export type Credentials = { email: string; password: string };
export type SessionAnswer = { token: string; user: SessionUser };

export function login(credentials: Credentials): Promise<LoginResult> {
  return call(calls.auth.loginStaff, { body: credentials, token: null });
}

/** Stores the session; the app then shows the dashboard at the root path. */
export function startSession({ token, user }: SessionAnswer): void {
  appStore.getState().setSession(token, user);
  appStore.getState().requestRedirect('/');
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
