import type { ResourceDef } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { resourceKeys } from './resource-keys';

/** Sends the changed fields and the record's version; a stale version answers 409. */
export function updateResource(def: ResourceDef, id: string, body: Record<string, unknown>): Promise<ApiRecord> {
  return api.put<ApiRecord>(`/admin/${def.path}/update/${encodeURIComponent(id)}`, body);
}

export function useUpdateResource(def: ResourceDef, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => updateResource(def, id, body),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(def.path, id), record);
      return qc.invalidateQueries({ queryKey: [...resourceKeys.all(def.path), 'list'] });
    },
  });
}
