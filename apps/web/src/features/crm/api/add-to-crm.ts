import { type CrmAdd, calls, leadResource } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { leadSummaryKey } from './get-lead-summary';

/** POST /admin/user/crm/add: the learner into the CRM (or their closed lead reopened). */
export function useAddToCrm(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmAdd) => call(calls.crm.add, { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leadSummaryKey(userId) }),
        qc.invalidateQueries({ queryKey: resourceKeys.all(leadResource.path) }),
        // The learner's own follow-up columns moved with it.
        qc.invalidateQueries({ queryKey: resourceKeys.all('user') }),
      ]),
  });
}
