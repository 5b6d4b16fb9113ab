import type { DashboardCards } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** GET /admin/card/user/dashboard-cards?userId=: what one learner's dashboard shows. */
export function useDashboardCards(userId: string, enabled: boolean) {
  return useQuery({
    // Under the cards' key: editing a card, a type or a placement refreshes the preview.
    queryKey: [...resourceKeys.all('card'), 'dashboard', userId],
    queryFn: ({ signal }) => api.get<DashboardCards>('/admin/card/user/dashboard-cards', { query: { userId }, signal }),
    enabled,
  });
}
