import { type CallAnswer, calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';

export type UpdateRoleBody = { name?: string; description?: string; version: number };

/** Renames or describes a role; a stale version answers 409, renaming a built-in role 400. */
export function updateRole(id: number, body: UpdateRoleBody): Promise<CallAnswer<typeof calls.roles.update>> {
  return call(calls.roles.update, { params: { id }, body });
}

export function useUpdateRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleBody }) => updateRole(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
