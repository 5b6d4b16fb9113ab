import { calls, type websiteConfigurationVersionSchema } from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

export type ConfigurationVersion = z.input<typeof websiteConfigurationVersionSchema>;
const PATH = 'website-configuration';

export function useConfigurationHistory(id: string) {
  return useQuery({
    queryKey: [...resourceKeys.all(PATH), 'history', id],
    queryFn: ({ signal }) => call(calls.configuration.history, { params: { id }, signal }),
  });
}

/** POST rollback/{id}: the chosen version's value becomes the newest version. */
export function useRollbackConfiguration(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { toVersion: number; version: number }) =>
      call(calls.configuration.rollback, { params: { id }, body: input }),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(PATH, id), record);
      return qc.invalidateQueries({ queryKey: resourceKeys.all(PATH) });
    },
  });
}
