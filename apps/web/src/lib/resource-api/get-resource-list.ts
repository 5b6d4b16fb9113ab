import { type Filter, type ListResult, type ResourceDef, staffCall } from '@cohort/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filtersParam } from '../../components/filter-builder/build-filters';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

export type ListParams = {
  page: number;
  pageSize: number;
  sort?: string;
  filters: Filter[];
  /** The fields to answer (the columns shown); without it, every field the list carries. */
  columns?: readonly string[];
};

export function getResourceList(def: ResourceDef, p: ListParams, signal?: AbortSignal): Promise<ListResult<ApiRecord>> {
  return api.get<ListResult<ApiRecord>>(staffCall(def, 'list').url, {
    page: p.page,
    query: {
      page_size: p.pageSize,
      filters: filtersParam(p.filters),
      sort: p.sort,
      columns: p.columns?.join(','),
    },
    signal,
  });
}

export function useResourceList(def: ResourceDef, params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.list(def.path, params),
    queryFn: ({ signal }) => getResourceList(def, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
