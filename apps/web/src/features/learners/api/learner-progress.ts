import { calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';

/** `GET /admin/user/progress-report?userId=&weeks=`: a learner's submissions week by week. */
export function useLearnerProgress(userId: string, weeks = 12) {
  return useQuery({
    queryKey: ['resource', 'user', 'progress', userId, weeks],
    queryFn: () => call(calls.learners.progressReport, { query: { userId, weeks } }),
  });
}
