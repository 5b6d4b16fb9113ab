import { calls } from '@cohort/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { roleKeys } from './role-keys';
import type { AttendanceStatus } from './role-types';

export type MarkAttendanceBody = { userId: number; date: string; status: AttendanceStatus; note?: string };

/** Marks a staff member present or absent on a day (creates or replaces that day's mark). */
export function markAttendance(body: MarkAttendanceBody): Promise<unknown> {
  return call(calls.roles.markAttendance, { body });
}

export function useMarkAttendance(roleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.attendanceOf(roleId) }),
  });
}
