import { type ActionSpec, type ResourceDef, routeUrl } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { api } from '../api-client';
import { resourceKeys } from './resource-keys';

/** Runs a declared action on one record: its inputs, the record's id under the action's key and (when versioned) its version. */
export function runRecordAction(
  def: ResourceDef,
  action: ActionSpec,
  record: ApiRecord,
  input: Record<string, unknown>,
): Promise<ApiRecord> {
  const body = {
    ...input,
    [action.idField ?? 'id']: record.id,
    ...(action.versioned === false ? {} : { version: record.version }),
  };
  const url = routeUrl(def, action.route);
  return action.route.method === 'PUT' ? api.put<ApiRecord>(url, body) : api.post<ApiRecord>(url, body);
}

export function useRecordAction(def: ResourceDef, action: ActionSpec, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ record, input }: { record: ApiRecord; input: Record<string, unknown> }) =>
      runRecordAction(def, action, record, input),
    onSuccess: (record) => {
      qc.setQueryData(resourceKeys.one(def.path, id), record);
      // Lists, and what shows the change on the record's page (its history).
      return Promise.all([
        qc.invalidateQueries({ queryKey: [...resourceKeys.all(def.path), 'list'] }),
        qc.invalidateQueries({ queryKey: ['learner-history'] }),
      ]);
    },
  });
}
