import { calls, type IsaStateWire, type IsaStatus, isaTypeResource, type ListResult } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { call, engineUrl } from '../../../lib/call';

export const isaKeys = {
  learner: (userId: string) => ['isa', 'learner', userId] as const,
  types: ['isa', 'types'] as const,
};

/** A learner's current ISA and the moves open now (`GET /admin/user/isa/get?userId=`). */
export function useLearnerIsa(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: isaKeys.learner(userId),
    queryFn: ({ signal }) => call(calls.isa.get, { query: { userId }, signal }) as Promise<IsaStateWire>,
    enabled,
  });
}

export type IsaTypeOption = {
  id: number;
  name: string;
  salaryPercent: number;
  currency: string;
  monthlyCapMinor: number;
  totalCapMinor: number;
  durationMonths: number;
  active: boolean;
};

/** The ISA types on offer, for the assign and change-type forms. */
export function useIsaTypes(enabled: boolean) {
  return useQuery({
    queryKey: isaKeys.types,
    queryFn: ({ signal }) =>
      api.get<ListResult<IsaTypeOption>>(engineUrl(isaTypeResource, 'list'), {
        query: {
          page_size: 100,
          filters: JSON.stringify([{ field: 'active', operator: '=', value: true }]),
        },
        signal,
      }),
    enabled,
  });
}

export type { IsaStatus };
