import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';
import type { AttendanceStatus } from './role-types';

export type MarkAttendanceBody = { userId: number; date: string; status: AttendanceStatus; note?: string };

/** Marks a staff member present or absent on a day (creates or replaces that day's mark). */
export function markAttendance(body: MarkAttendanceBody): Promise<unknown> {
  return api.post<unknown>('/admin/role/attendance', body);
}

export function useMarkAttendance(roleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.attendanceOf(roleId) }),
  });
}
