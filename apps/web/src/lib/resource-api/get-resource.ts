import { type ResourceDef, staffCall } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

export function getResource(def: ResourceDef, id: string, signal?: AbortSignal): Promise<ApiRecord> {
  return api.get<ApiRecord>(staffCall(def, 'read', id).url, { signal });
}

export function useResource(def: ResourceDef, id: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.one(def.path, id),
    queryFn: ({ signal }) => getResource(def, id, signal),
    enabled,
    staleTime: 0,
  });
}
