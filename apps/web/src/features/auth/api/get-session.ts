import type { SessionUser } from '@cohort/domain';
import { api } from '../../../lib/api-client';
import { appStore } from '../../../lib/store';

/** Checks a token restored from storage and refreshes the stored user. */
export async function refreshSession(): Promise<void> {
  const token = appStore.getState().token;
  if (!token) return;
  const { user } = await api.get<{ user: SessionUser }>('/admin/auth/session');
  // Only apply if nobody logged out or in meanwhile.
  if (appStore.getState().token === token) appStore.getState().setUser(user);
}
