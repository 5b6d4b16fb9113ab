import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';
import type { Paged, Role } from './role-types';

export function getRoles(signal?: AbortSignal): Promise<Paged<Role>> {
  return api.get<Paged<Role>>('/admin/role/get', { signal });
}

/** Every role (a short list, searched on the client). */
export function useRoles(enabled: boolean) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(signal), enabled });
}
