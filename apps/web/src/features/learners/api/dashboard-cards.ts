import { calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** GET /admin/card/user/dashboard-cards?userId=: what one learner's dashboard shows. */
export function useDashboardCards(userId: string, enabled: boolean) {
  return useQuery({
    // Under the cards' key: editing a card, a type or a placement refreshes the preview.
    queryKey: [...resourceKeys.all('card'), 'dashboard', userId],
    queryFn: ({ signal }) => call(calls.learners.dashboardCards, { query: { userId }, signal }),
    enabled,
  });
}
