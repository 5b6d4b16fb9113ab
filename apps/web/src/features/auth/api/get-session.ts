import type { SessionUser } from '@cohort/domain';
import { api } from '../../../lib/api-client';
import { currentImpersonation } from '../../../lib/impersonation';
import { appStore } from '../../../lib/store';

/** Checks a token restored from storage and refreshes the stored user. */
export async function refreshSession(): Promise<void> {
  const token = appStore.getState().token;
  if (!token) return;
  // An impersonation token is a learner's: it asks the call any session may make.
  const path = currentImpersonation() ? '/auth/session' : '/admin/auth/session';
  const { user } = await api.get<{ user: SessionUser }>(path);
  // Only apply if nobody logged out or in meanwhile.
  if (appStore.getState().token === token) appStore.getState().setUser(user);
}
