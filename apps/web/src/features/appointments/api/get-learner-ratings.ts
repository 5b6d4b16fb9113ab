import { appointmentResource, type ListResult } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { engineUrl } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** How many of a learner's rated interviews the panel shows (newest first). */
export const RATINGS_SHOWN = 50;

/** The appointments' list route of rated ones only. */
const RATINGS_URL = engineUrl(appointmentResource, 'list', {
  pick: (r) => r.where?.some((w) => w.field === 'rated') ?? false,
});

/**
 * GET /admin/user/appointment/ratings/all?userId=: a learner's rated appointments, each with its
 * mentor, interview type and the spec's rating keys. Under the appointments' key, so a rating
 * given anywhere refreshes it.
 */
export function useLearnerRatings(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(appointmentResource.path), 'ratings', userId],
    queryFn: ({ signal }) =>
      api.get<ListResult<ApiRecord>>(RATINGS_URL, {
        query: { userId, page_size: RATINGS_SHOWN },
        signal,
      }),
    enabled,
  });
}
