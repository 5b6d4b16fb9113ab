import { type ActionSpec, type Flow, userResource } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { runRecordAction } from '../../../lib/resource-api/run-record-action';

/** The learner call that moves a flow: the action whose first input is the flow's field. */
export function actionForFlow(machine: Flow): ActionSpec | undefined {
  return userResource.actions?.find((a) => a.inputs[0]?.name === machine.field);
}

export type MoveInput = { record: ApiRecord; machine: Flow; to: string; extra?: Record<string, unknown> };

/** Moves a learner along one of their flows (versioned); the learner's page, lists and queue refresh. */
export function useMoveLearner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ record, machine, to, extra }: MoveInput) => {
      const action = actionForFlow(machine);
      if (!action) throw new Error(`No call moves ${machine.label}`);
      return runRecordAction(userResource, action, record, { [machine.field]: to, ...extra });
    },
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(userResource.path, String(record.id)), record);
      return Promise.all([
        qc.invalidateQueries({ queryKey: [...resourceKeys.all(userResource.path), 'list'] }),
        qc.invalidateQueries({ queryKey: ['placement-queue'] }),
        qc.invalidateQueries({ queryKey: ['learner-history'] }),
      ]);
    },
  });
}
