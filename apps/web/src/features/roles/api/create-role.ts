import { type CallAnswer, calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';

export type CreateRoleBody = { name: string; description?: string; baseRoleId: number };

/** A custom role based on a built-in staff role (201). */
export function createRole(body: CreateRoleBody): Promise<CallAnswer<typeof calls.roles.create>> {
  return call(calls.roles.create, { body });
}

export function useCreateRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
