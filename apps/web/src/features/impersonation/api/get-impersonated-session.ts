import { calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';

/** GET /auth/session with the impersonation token: the learner the server says it acts as. */
export function useImpersonatedSession() {
  return useQuery({
    queryKey: ['impersonation', 'session'],
    queryFn: () => call(calls.auth.session).then((r) => r.user),
  });
}
