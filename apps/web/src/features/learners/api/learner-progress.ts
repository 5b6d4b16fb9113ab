import type { ProgressReport } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/user/progress-report?userId=&weeks=`: a learner's submissions week by week. */
export function useLearnerProgress(userId: string, weeks = 12) {
  return useQuery({
    queryKey: ['resource', 'user', 'progress', userId, weeks],
    queryFn: () => api.get<ProgressReport>('/admin/user/progress-report', { query: { userId, weeks } }),
  });
}
