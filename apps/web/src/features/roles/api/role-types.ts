import type { ATTENDANCE_STATUSES, attendanceRowSchema, roleListItemSchema, roleMemberRowSchema } from '@cohort/domain';
import type { z } from 'zod';

/** A role as `GET /admin/role/get` lists it: the server's response schema, as received. */
export type Role = z.input<typeof roleListItemSchema>;

/** A member of a role (`GET /admin/role/users`). */
export type RoleMember = z.input<typeof roleMemberRowSchema>;

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** A member with their attendance on one day (`GET /admin/role/attendance`). */
export type AttendanceRow = z.input<typeof attendanceRowSchema>;

export type Paged<T> = { data: T[]; totalItems: number };
