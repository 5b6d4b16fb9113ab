import { calls, type ImpersonateInput } from '@cohort/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { impersonationStore } from '../../../lib/impersonation';
import { queryClient } from '../../../lib/query-client';
import { appStore } from '../../../lib/store';

/**
 * POST /admin/user/impersonate, then the console acts as the learner: the admin's own token
 * and user are kept aside (lib/impersonation.ts) and the impersonation token becomes the one
 * every call sends, until "Stop impersonating".
 */
export async function startImpersonation(input: ImpersonateInput & { learnerName: string }): Promise<void> {
  const { learnerName, ...body } = input;
  const { token, expiresAt } = await call(calls.impersonation.start, { body });
  // Who the new token is, as the server says (silent: a failure here is not the admin's session ending).
  const { user } = await call(calls.auth.session, { token, silent: true });
  const { token: adminToken, user: adminUser } = appStore.getState();
  if (!adminToken || !adminUser) return;
  impersonationStore.getState().set({
    adminToken,
    adminUser,
    learner: { id: body.userId, name: learnerName },
    reason: body.reason,
    expiresAt,
  });
  queryClient.clear();
  appStore.getState().setSession(token, user);
  appStore.getState().requestRedirect('/');
}

export function useStartImpersonation() {
  return useMutation({ mutationFn: startImpersonation });
}
