import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';
import type { Role } from './role-types';

export type CreateSubRoleBody = { name: string; description?: string; parentRoleId: number };

/** A sub-role under any staff role (201). */
export function createSubRole(body: CreateSubRoleBody): Promise<Role> {
  return api.post<Role>('/admin/role/sub-role', body);
}

export function useCreateSubRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSubRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
