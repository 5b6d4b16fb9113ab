import type { ListResult, websiteConfigurationVersionSchema } from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

export type ConfigurationVersion = z.input<typeof websiteConfigurationVersionSchema>;
const PATH = 'website-configuration';

export function useConfigurationHistory(id: string) {
  return useQuery({
    queryKey: [...resourceKeys.all(PATH), 'history', id],
    queryFn: ({ signal }) =>
      api.get<ListResult<ConfigurationVersion>>(`/admin/website-configuration/history/${encodeURIComponent(id)}`, {
        signal,
      }),
  });
}

/** POST rollback/{id}: the chosen version's value becomes the newest version. */
export function useRollbackConfiguration(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { toVersion: number; version: number }) =>
      api.post<ApiRecord>(`/admin/website-configuration/rollback/${encodeURIComponent(id)}`, input),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(PATH, id), record);
      return qc.invalidateQueries({ queryKey: resourceKeys.all(PATH) });
    },
  });
}
