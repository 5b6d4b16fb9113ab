import { z } from 'zod';
import {
  attendanceMarkResultSchema,
  attendanceMarkSchema,
  attendanceRowSchema,
  dashboardStatsSchema,
  roleCreateSchema,
  roleListItemSchema,
  roleMemberRowSchema,
  roleMemberSchema,
  roleSchema,
  roleUpdateSchema,
  subRoleCreateSchema,
} from '../platform';
import { listQuerySchema } from '../resource';
import { idParam, listResultSchema, messageSchema } from '../wire';
import { defineCall, pageHeadersSchema } from './define-call';

export const idParamsSchema = z.object({ id: idParam });
export const pageSizeQuery = listQuerySchema.shape.page_size;

const tags = ['Roles'];
const manage = { resource: 'role', action: 'manage' } as const;

/** /admin/role/*: the roles and who holds them (built-in ids 1-10 are fixed). */
export const roleCalls = {
  list: defineCall({
    method: 'GET',
    path: '/admin/role/get',
    access: { resource: 'role', action: 'list' },
    tags,
    summary: 'All roles with their member counts',
    answers: { 200: listResultSchema(roleListItemSchema) },
  }),
  members: defineCall({
    method: 'GET',
    path: '/admin/role/users',
    access: { resource: 'role', action: 'read' },
    tags,
    summary: 'Users of a role (paginated by page_num)',
    query: z.object({ roleId: idParam, page_size: pageSizeQuery }),
    headers: pageHeadersSchema,
    answers: { 200: listResultSchema(roleMemberRowSchema) },
    errors: [404],
  }),
  addUser: defineCall({
    method: 'POST',
    path: '/admin/role/add-user',
    access: manage,
    tags,
    summary: 'Give a user this role (a user holds one role)',
    body: roleMemberSchema,
    answers: { 200: roleMemberRowSchema },
    errors: [404, 409],
  }),
  removeUser: defineCall({
    method: 'POST',
    path: '/admin/role/remove-user',
    access: manage,
    tags,
    summary: 'Take a role from a user: back to the role they held before (else the parent role, or USER)',
    body: roleMemberSchema,
    answers: { 200: roleMemberRowSchema },
    errors: [404, 409],
  }),
  create: defineCall({
    method: 'POST',
    path: '/admin/role/create',
    access: manage,
    tags,
    summary: 'Create a custom role based on a built-in role',
    body: roleCreateSchema.extend({ baseRoleId: z.number().int().positive() }),
    answers: { 201: roleSchema },
    errors: [404, 409],
  }),
  createSubRole: defineCall({
    method: 'POST',
    path: '/admin/role/sub-role',
    access: manage,
    tags,
    summary: 'Create a sub-role under any staff role',
    body: subRoleCreateSchema,
    answers: { 201: roleSchema },
    errors: [404, 409],
  }),
  update: defineCall({
    method: 'PUT',
    path: '/admin/role/update/:id',
    access: manage,
    tags,
    summary: 'Rename or describe a custom role',
    params: idParamsSchema,
    body: roleUpdateSchema,
    answers: { 200: roleSchema },
    errors: [409],
  }),
  delete: defineCall({
    method: 'DELETE',
    path: '/admin/role/delete/:id',
    access: manage,
    tags,
    summary: 'Delete a custom role with no members and no sub-roles',
    params: idParamsSchema,
    answers: { 200: messageSchema },
    errors: [409],
  }),
  /** Attendance of a role's staff on a day (e.g. which mentors are in today). */
  attendance: defineCall({
    method: 'GET',
    path: '/admin/role/attendance',
    access: { resource: 'roleAttendance', action: 'list' },
    tags,
    summary: "A role's members and their attendance on a day",
    query: z.object({ roleId: idParam, date: z.iso.date(), page_size: pageSizeQuery }),
    headers: pageHeadersSchema,
    answers: { 200: listResultSchema(attendanceRowSchema) },
    errors: [404],
  }),
  markAttendance: defineCall({
    method: 'POST',
    path: '/admin/role/attendance',
    access: { resource: 'roleAttendance', action: 'create' },
    tags,
    summary: 'Mark a staff member present or absent on a day',
    body: attendanceMarkSchema,
    answers: { 200: attendanceMarkResultSchema },
    errors: [404],
  }),
};

/** /admin/dashboard/*: the dashboard's four tabs in one call. */
export const dashboardCalls = {
  stats: defineCall({
    method: 'GET',
    path: '/admin/dashboard/stats',
    access: { resource: 'dashboard', action: 'read' },
    tags: ['Dashboard'],
    summary: 'Figures for the dashboard tabs',
    answers: { 200: dashboardStatsSchema },
  }),
};
