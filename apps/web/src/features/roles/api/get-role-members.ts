import { calls, PAGE_SIZE_DEFAULT } from '@cohort/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';
import type { Paged, RoleMember } from './role-types';

export function getRoleMembers(
  roleId: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Paged<RoleMember>> {
  return call(calls.roles.members, { query: { roleId, page_size: pageSize }, page, signal });
}

/** One page of a role's members; `roleId` null (nothing picked yet) fetches nothing. */
export function useRoleMembers(roleId: number | null, page: number, enabled: boolean, pageSize = PAGE_SIZE_DEFAULT) {
  return useQuery({
    queryKey: roleKeys.members(roleId ?? 0, page, pageSize),
    queryFn: ({ signal }) => getRoleMembers(roleId ?? 0, page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && roleId !== null,
  });
}
