import { calls } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { impersonationStore, restoreAdminSession } from '../../../lib/impersonation';
import { notifySuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { appStore } from '../../../lib/store';

/**
 * Ends the impersonation on the server with the admin's own token (POST
 * /admin/user/impersonate/stop) and puts the admin's session back, on the learner's page.
 * The admin returns even if the call fails: the impersonation token ends by itself within
 * its minutes.
 */
export async function stopImpersonation(): Promise<void> {
  const current = impersonationStore.getState().current;
  if (!current) return;
  const token = appStore.getState().token;
  if (token && token !== current.adminToken) {
    await call(calls.impersonation.stop, { body: { token }, token: current.adminToken, silent: true }).catch(() => {});
  }
  queryClient.clear();
  restoreAdminSession();
  notifySuccess(`You are no longer acting as ${current.learner.name}`);
  appStore.getState().requestRedirect(`/learners/${current.learner.id}`);
}

export function useStopImpersonation() {
  return useMutation({ mutationFn: stopImpersonation });
}
