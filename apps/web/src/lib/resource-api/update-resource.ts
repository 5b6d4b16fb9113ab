import { type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

/** Sends the changed fields and the record's version; a stale version answers 409. */
export function updateResource(def: ResourceDef, id: string, body: Record<string, unknown>): Promise<ApiRecord> {
  return (() => {
    const call = staffCall(def, 'update', id);
    const payload = call.idInBody ? { ...body, id: Number(id) } : body;
    return call.method === 'POST' ? api.post<ApiRecord>(call.url, payload) : api.put<ApiRecord>(call.url, payload);
  })();
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
