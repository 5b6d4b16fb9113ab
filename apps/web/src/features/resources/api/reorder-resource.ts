import { type ListResult, type ResourceDef, staffCall } from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** Every record in its current order (pages of 100 until all are read): a reorder must name them all. */
export async function getAllInOrder(def: ResourceDef, signal?: AbortSignal): Promise<ApiRecord[]> {
  const out: ApiRecord[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<ListResult<ApiRecord>>(`${staffCall(def, 'list').url}?page_size=100&sort=position`, {
      signal,
      page,
    });
    out.push(...res.data);
    if (out.length >= res.totalItems || res.data.length === 0) return out;
  }
}

export function useAllInOrder(def: ResourceDef, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(def.path), 'ordered'],
    queryFn: ({ signal }) => getAllInOrder(def, signal),
    enabled,
  });
}

/** POST {path}/reorder with every id in the new order; a stale list answers 409. */
export function useReorderResource(def: ResourceDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => {
      const call = staffCall(def, 'reorder');
      return api.post<{ data: { id: number; position: number }[] }>(call.url, { ids });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: resourceKeys.all(def.path) }),
  });
}
