import { calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';
import type { RoleMember } from './role-types';

export type RoleMemberBody = { roleId: number; userId: number };

/** Gives a user this role (a user holds one role, so it leaves its current one). */
export function addRoleUser(body: RoleMemberBody): Promise<RoleMember> {
  return call(calls.roles.addUser, { body });
}

export function useAddRoleUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addRoleUser,
    // Member counts and the member lists of both roles change.
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
