import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';
import type { Role } from './role-types';

export type UpdateRoleBody = { name?: string; description?: string; version: number };

/** Renames or describes a role; a stale version answers 409, renaming a built-in role 400. */
export function updateRole(id: number, body: UpdateRoleBody): Promise<Role> {
  return api.put<Role>(`/admin/role/update/${id}`, body);
}

export function useUpdateRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleBody }) => updateRole(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
