import { calls, PAGE_SIZE_DEFAULT } from '@cohort/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';
import type { AttendanceRow, Paged } from './role-types';

export function getRoleAttendance(
  roleId: number,
  date: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<AttendanceRow>> {
  return call(calls.roles.attendance, {
    query: { roleId, date, page_size: PAGE_SIZE_DEFAULT },
    page,
    signal,
  });
}

/** A role's members and their attendance on `date` (YYYY-MM-DD), one page at a time. */
export function useRoleAttendance(roleId: number, date: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.attendance(roleId, date, page),
    queryFn: ({ signal }) => getRoleAttendance(roleId, date, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
