import { calls, type RevertInput } from '@cohort/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

export const HISTORY_PAGE_SIZE = 10;
const historyKey = (userId: string, page: number) => ['learner-history', userId, page] as const;

/** GET /admin/user/history: a learner's audited changes, newest first, a page at a time. */
export function useLearnerHistory(userId: string, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: historyKey(userId, page),
    queryFn: () =>
      call(calls.learners.history, {
        query: { userId, page_size: HISTORY_PAGE_SIZE },
        page,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/user/history/revert: one field back to its earlier value (the record's version; stale is 409). */
export function useRevertFieldChange(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RevertInput) => call(calls.learners.revert, { body: input }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['learner-history', userId] }),
        // The learner's record (and any of their records) changed.
        qc.invalidateQueries({ queryKey: resourceKeys.all('user') }),
      ]),
  });
}
