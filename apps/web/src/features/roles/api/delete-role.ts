import { calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';

/** Deletes a custom role; 409 while it has members or sub-roles. */
export function deleteRole(id: number): Promise<{ message: string }> {
  return call(calls.roles.delete, { params: { id } });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
