import {
  type AddPlanInput,
  calls,
  type ListResult,
  planResource,
  routeUrl,
  subscriptionResource,
  upfrontDepositResource,
  userResource,
} from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { call, engineUrl } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** The plans staff can add (offered ones), by name. */
export function useOfferedPlans(enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(planResource.path), 'offered'],
    queryFn: ({ signal }) =>
      api.get<ListResult<ApiRecord>>(engineUrl(planResource, 'list'), {
        query: {
          page_size: 100,
          sort: 'name',
          filters: JSON.stringify([{ field: 'active', operator: '=', value: true }]),
        },
        signal,
      }),
    enabled,
  });
}

/** Writes to a learner's plans refresh their subscriptions, deposits and the learner (Plans, Upfront Status). */
function useRefreshPlans(userId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: resourceKeys.all(subscriptionResource.path) }),
      qc.invalidateQueries({ queryKey: resourceKeys.all(upfrontDepositResource.path) }),
      qc.invalidateQueries({ queryKey: resourceKeys.one(userResource.path, userId) }),
      qc.invalidateQueries({ queryKey: ['learner-history'] }),
    ]);
}

/** `POST /admin/user/plan/add`. */
export function useAddPlan(userId: string) {
  const refresh = useRefreshPlans(userId);
  return useMutation({
    mutationFn: (input: AddPlanInput) => call(calls.subscriptions.addPlan, { body: input }),
    onSuccess: refresh,
  });
}

/** The deposit's actions: `POST …/upfront-deposit/{id}/extend-expiration` and `…/record-payment`. */
export function useDepositAction(userId: string, action: 'extendExpiration' | 'recordPayment') {
  const spec = upfrontDepositResource.actions?.find((a) => a.name === action);
  if (!spec) throw new Error(`The deposit has no ${action} action`);
  const refresh = useRefreshPlans(userId);
  return useMutation({
    mutationFn: ({ deposit, input }: { deposit: ApiRecord; input: Record<string, unknown> }) =>
      api.post<ApiRecord>(routeUrl(upfrontDepositResource, spec.route, deposit.id), {
        ...input,
        version: deposit.version,
      }),
    onSuccess: refresh,
  });
}
