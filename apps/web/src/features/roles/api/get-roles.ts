import { calls } from '@cohort/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';
import type { Paged, Role } from './role-types';

export function getRoles(signal?: AbortSignal): Promise<Paged<Role>> {
  return call(calls.roles.list, { signal });
}

/** Every role (a short list, searched on the client). */
export function useRoles(enabled: boolean) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(signal), enabled });
}
