import { useMutation } from '@tanstack/react-query';
import { api, logoutLocally } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';

/** Revokes the session on the server, then logs out locally whatever the answer. */
export async function logout(): Promise<void> {
  try {
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
