import { useMutation } from '@tanstack/react-query';
import { api, logoutLocally } from '../../../lib/api-client';
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
      await api.post('/admin/user/impersonate/stop', { token: appStore.getState().token }, quiet).catch(() => {});
      await api.post('/admin/logout', {}, quiet).catch(() => {});
      return;
    }
    await api.post<{ message: string }>('/admin/logout');
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
