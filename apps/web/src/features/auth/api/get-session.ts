import { calls } from '@cohort/domain';
import { call } from '../../../lib/call';
import { currentImpersonation } from '../../../lib/impersonation';
import { appStore } from '../../../lib/store';

/** Checks a token restored from storage and refreshes the stored user. */
export async function refreshSession(): Promise<void> {
  const token = appStore.getState().token;
  if (!token) return;
  // An impersonation token is a learner's: it asks the call any session may make.
  const { user } = await call(currentImpersonation() ? calls.auth.session : calls.auth.staffSession);
  // Only apply if nobody logged out or in meanwhile.
  if (appStore.getState().token === token) appStore.getState().setUser(user);
}
