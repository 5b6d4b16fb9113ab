import { calls } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { logoutLocally } from '../../../lib/api-client';
import { call } from '../../../lib/call';
import { impersonationStore } from '../../../lib/impersonation';
import { notifySuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { appStore } from '../../../lib/store';

/** Revokes the session on the server, then logs out locally whatever the answer. */
export async function logout(): Promise<void> {
  try {
    // While acting as a learner both sessions end: the impersonation, then the admin's own
    // (kept aside in local storage, which the logout below clears).
    const impersonation = impersonationStore.getState().current;
    if (impersonation) {
      const token = impersonation.adminToken;
      const quiet = { token, silent: true };
      await call(calls.impersonation.stop, { body: { token: appStore.getState().token ?? '' }, ...quiet }).catch(
        () => {},
      );
      await call(calls.auth.logoutStaff, quiet).catch(() => {});
      return;
    }
    await call(calls.auth.logoutStaff);
  } catch {
    // the local logout below happens anyway
  } finally {
    queryClient.clear();
    logoutLocally();
    notifySuccess('You are logged out');
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
