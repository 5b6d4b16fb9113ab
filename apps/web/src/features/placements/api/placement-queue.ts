import { type ListResult, userResource } from '@cohort/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { engineUrl } from '../../../lib/call';

/** The learner list route that is the queue: the one fixed to learners waiting for a negotiator. */
const QUEUE_URL = engineUrl(userResource, 'list', {
  pick: (r) => r.where?.some((w) => w.field === 'placementQueue') ?? false,
});

export type QueueParams = { page: number; search: string };
export const QUEUE_PAGE_SIZE = 14;

/** `GET /admin/user/placement-queue`: learners whose placement payment or penalty waits for a negotiator. */
export function usePlacementQueue({ page, search }: QueueParams) {
  const filters = search.trim() ? [{ field: 'name', operator: 'like', value: search.trim() }] : [];
  return useQuery({
    queryKey: ['placement-queue', page, search],
    queryFn: ({ signal }) =>
      api.get<ListResult<ApiRecord>>(QUEUE_URL, {
        page,
        query: {
          page_size: QUEUE_PAGE_SIZE,
          sort: 'name',
          filters: filters.length ? JSON.stringify(filters) : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
