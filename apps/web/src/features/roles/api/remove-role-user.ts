import { calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import type { RoleMemberBody } from './add-role-user';
import { roleKeys } from './role-keys';
import type { RoleMember } from './role-types';

/** Takes the role from a user: back to the role they held before (else the parent role, or USER); answers where they are now. */
export function removeRoleUser(body: RoleMemberBody): Promise<RoleMember> {
  return call(calls.roles.removeUser, { body });
}

export function useRemoveRoleUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeRoleUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
