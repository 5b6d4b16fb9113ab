import { type CallAnswer, calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';

export const dashboardStatsKey = ['dashboard', 'stats'] as const;

export function getDashboardStats(signal?: AbortSignal): Promise<CallAnswer<typeof calls.dashboard.stats>> {
  return call(calls.dashboard.stats, { signal });
}

export function useDashboardStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardStatsKey, queryFn: ({ signal }) => getDashboardStats(signal), enabled });
}
