import { type CallLog, callHistoryResource, calls, leadResource } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { leadSummaryKey } from './get-lead-summary';

/** POST /admin/call/history/add: a call made to the lead, by whoever is signed in. */
export function useLogCall(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallLog) => call(calls.crm.logCall, { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leadSummaryKey(userId) }),
        qc.invalidateQueries({ queryKey: resourceKeys.all(callHistoryResource.path) }),
        qc.invalidateQueries({ queryKey: resourceKeys.all(leadResource.path) }),
        qc.invalidateQueries({ queryKey: resourceKeys.all('user') }),
      ]),
  });
}
