import { calls, type ListResult, type ResourceDef, reactivationResource, routesOf, routeUrl } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { callPath } from '../call';
import { resourceKeys } from './resource-keys';

/** How many of a learner's records a panel shows; the resource's own screen lists them all. */
export const PANEL_ROWS = 100;

/** The spec's call for a learner's records (`flag/get?userId=`, `strike?userId=`, `history?userId=`). */
function byLearnerUrl(def: ResourceDef): string {
  // Reactivation's list by learner is a module route (it also answers the queue by status).
  if (def.path === reactivationResource.path) return callPath(calls.learnerRecords.reactivations);
  const route = routesOf(def, 'list').find((r) => r.query?.userId);
  if (!route) throw new Error(`${def.path} has no list by learner`);
  return routeUrl(def, route);
}

/** A learner's records of one kind, newest first, under the resource's key (its writes refresh it). */
export function useLearnerRecords(def: ResourceDef, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(def.path), 'learner', userId],
    queryFn: ({ signal }) =>
      api.get<ListResult<ApiRecord>>(byLearnerUrl(def), { query: { userId, page_size: PANEL_ROWS }, signal }),
    enabled,
  });
}
