export const roleKeys = {
  all: ['roles'] as const,
  list: () => ['roles', 'list'] as const,
  members: (roleId: number, page: number, pageSize: number) => ['roles', 'members', roleId, page, pageSize] as const,
  attendanceOf: (roleId: number) => ['roles', 'attendance', roleId] as const,
  attendance: (roleId: number, date: string, page: number) => ['roles', 'attendance', roleId, date, page] as const,
};
