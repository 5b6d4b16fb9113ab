import { type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

export function createResource(def: ResourceDef, body: Record<string, unknown>): Promise<ApiRecord> {
  return api.post<ApiRecord>(staffCall(def, 'create').url, body);
}

export function useCreateResource(def: ResourceDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createResource(def, body),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(def.path, String(record.id)), record);
      return qc.invalidateQueries({ queryKey: resourceKeys.all(def.path) });
    },
  });
}
