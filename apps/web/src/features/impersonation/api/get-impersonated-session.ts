import type { SessionUser } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/session with the impersonation token: the learner the server says it acts as. */
export function useImpersonatedSession() {
  return useQuery({
    queryKey: ['impersonation', 'session'],
    queryFn: () => api.get<{ user: SessionUser }>('/auth/session').then((r) => r.user),
  });
}
