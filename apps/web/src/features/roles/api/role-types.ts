/** A role as `GET /admin/role/get` lists it. */
export type Role = {
  id: number;
  name: string;
  description: string | null;
  builtIn: boolean;
  parentRoleId: number | null;
  version: number;
  members: number;
  createdAt: string;
  updatedAt: string;
};

/** A member of a role (`GET /admin/role/users`). */
export type RoleMember = { id: number; name: string; email: string; roleId: number; status: string };

export type AttendanceStatus = 'Present' | 'Absent';

/** A member with their attendance on one day (`GET /admin/role/attendance`). */
export type AttendanceRow = RoleMember & { attendance: AttendanceStatus | null; note: string | null };

export type Paged<T> = { data: T[]; totalItems: number };
