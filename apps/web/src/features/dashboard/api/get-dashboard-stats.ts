import type { DashboardStats } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const dashboardStatsKey = ['dashboard', 'stats'] as const;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>('/admin/dashboard/stats', { signal });
}

export function useDashboardStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardStatsKey, queryFn: ({ signal }) => getDashboardStats(signal), enabled });
}
