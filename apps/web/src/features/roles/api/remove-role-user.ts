import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RoleMemberBody } from './add-role-user';
import { roleKeys } from './role-keys';
import type { RoleMember } from './role-types';

/** Takes the role from a user: back to the role they held before (else the parent role, or USER); answers where they are now. */
export function removeRoleUser(body: RoleMemberBody): Promise<RoleMember> {
  return api.post<RoleMember>('/admin/role/remove-user', body);
}

export function useRemoveRoleUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeRoleUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
