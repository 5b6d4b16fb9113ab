import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';
import type { Role } from './role-types';

export type CreateRoleBody = { name: string; description?: string; baseRoleId: number };

/** A custom role based on a built-in staff role (201). */
export function createRole(body: CreateRoleBody): Promise<Role> {
  return api.post<Role>('/admin/role/create', body);
}

export function useCreateRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
