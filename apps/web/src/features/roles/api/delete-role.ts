import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** Deletes a custom role; 409 while it has members or sub-roles. */
export function deleteRole(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/admin/role/delete/${id}`);
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
