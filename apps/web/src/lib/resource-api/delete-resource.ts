import { type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

export function deleteResource(def: ResourceDef, id: string): Promise<{ message: string }> {
  return (() => {
    const call = staffCall(def, 'delete', id);
    return api.delete<{ message: string }>(call.url, call.idInBody ? { id: Number(id) } : undefined);
  })();
}

export function useDeleteResource(def: ResourceDef, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteResource(def, id),
    // The record's own query is left alone: its screen is still mounted and would refetch a 404.
    onSuccess: () => qc.invalidateQueries({ queryKey: [...resourceKeys.all(def.path), 'list'] }),
  });
}
