import { type CallAnswer, calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';

export type CreateSubRoleBody = { name: string; description?: string; parentRoleId: number };

/** A sub-role under any staff role (201). */
export function createSubRole(body: CreateSubRoleBody): Promise<CallAnswer<typeof calls.roles.createSubRole>> {
  return call(calls.roles.createSubRole, { body });
}

export function useCreateSubRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSubRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
