import { calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';

/** The query key of a learner's CRM summary; adding them or logging a call refreshes it. */
export const leadSummaryKey = (userId: string) => ['crm', 'lead-summary', userId] as const;

/** GET /admin/user/crm/getLeadSummary?userId=: the learner's lead (or null), call counts, the last calls. */
export function useLeadSummary(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: leadSummaryKey(userId),
    queryFn: ({ signal }) => call(calls.crm.leadSummary, { query: { userId }, signal }),
    enabled,
  });
}
