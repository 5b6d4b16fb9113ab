import {
  attendanceMarkResultSchema,
  attendanceMarkSchema,
  attendanceRowSchema,
  idParam,
  listResultSchema,
  messageSchema,
  roleCreateSchema,
  roleListItemSchema,
  roleMemberRowSchema,
  roleMemberSchema,
  roleSchema,
  roleUpdateSchema,
  subRoleCreateSchema,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { idParams, pageHeaders, pageOf, pageSizeParam } from '../../platform/params';
import { addUserToRole, removeUserFromRole } from './change-user-role';
import { createRole } from './create-role';
import { deleteRole } from './delete-role';
import { listRoleAttendance, listRoleMembers } from './list-role-members';
import { listRoles } from './list-roles';
import { markAttendance } from './mark-attendance';
import { updateRole } from './update-role';

const tags = ['Roles'];
const manage = { resource: 'role', action: 'manage' } as const;

/**
 * /admin/role/*: the roles and who holds them. Built-in roles (ids 1-10) are fixed; custom
 * roles and sub-roles descend from one and carry its permissions. This file only maps HTTP
 * to the workflow files beside it.
 */
export function registerRoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/admin/role/get',
    {
      config: { access: { resource: 'role', action: 'list' } },
      schema: {
        tags,
        summary: 'All roles with their member counts',
        response: { 200: listResultSchema(roleListItemSchema) },
      },
    },
    async () => listRoles(db),
  );

  r.get(
    '/admin/role/users',
    {
      config: { access: { resource: 'role', action: 'read' } },
      schema: {
        tags,
        summary: 'Users of a role (paginated by page_num)',
        querystring: z.object({ roleId: idParam, page_size: pageSizeParam }),
        headers: pageHeaders,
        response: { 200: listResultSchema(roleMemberRowSchema), ...errors(404) },
      },
    },
    async (request) =>
      listRoleMembers(db, requireActor(request), request.query.roleId, pageOf(request), request.query.page_size),
  );

  r.post(
    '/admin/role/add-user',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Give a user this role (a user holds one role)',
        body: roleMemberSchema,
        response: { 200: roleMemberRowSchema, ...errors(404, 409) },
      },
    },
    async (request) => addUserToRole(db, requireActor(request), request.body),
  );

  r.post(
    '/admin/role/remove-user',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Take a role from a user: back to the role they held before (else the parent role, or USER)',
        body: roleMemberSchema,
        response: { 200: roleMemberRowSchema, ...errors(404, 409) },
      },
    },
    async (request) => removeUserFromRole(db, requireActor(request), request.body),
  );

  r.post(
    '/admin/role/create',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Create a custom role based on a built-in role',
        body: roleCreateSchema.extend({ baseRoleId: z.number().int().positive() }),
        response: { 201: roleSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const { baseRoleId, ...rest } = request.body;
      const role = await createRole(db, requireActor(request), { ...rest, parentRoleId: baseRoleId }, true);
      reply.code(201);
      return role;
    },
  );

  r.post(
    '/admin/role/sub-role',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Create a sub-role under any staff role',
        body: subRoleCreateSchema,
        response: { 201: roleSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const role = await createRole(db, requireActor(request), request.body, false);
      reply.code(201);
      return role;
    },
  );

  r.put(
    '/admin/role/update/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Rename or describe a custom role',
        params: idParams,
        body: roleUpdateSchema,
        response: { 200: roleSchema, ...errors(409) },
      },
    },
    async (request) => updateRole(db, requireActor(request), request.params.id, request.body),
  );

  r.delete(
    '/admin/role/delete/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Delete a custom role with no members and no sub-roles',
        params: idParams,
        response: { 200: messageSchema, ...errors(409) },
      },
    },
    async (request) => {
      await deleteRole(db, requireActor(request), request.params.id);
      return { message: 'Role deleted' };
    },
  );

  // Attendance of a role's staff on a day (e.g. which mentors are in today).
  r.get(
    '/admin/role/attendance',
    {
      config: { access: { resource: 'roleAttendance', action: 'list' } },
      schema: {
        tags,
        summary: "A role's members and their attendance on a day",
        querystring: z.object({ roleId: idParam, date: z.iso.date(), page_size: pageSizeParam }),
        headers: pageHeaders,
        response: { 200: listResultSchema(attendanceRowSchema), ...errors(404) },
      },
    },
    async (request) =>
      listRoleAttendance(db, requireActor(request), request.query, pageOf(request), request.query.page_size),
  );

  r.post(
    '/admin/role/attendance',
    {
      config: { access: { resource: 'roleAttendance', action: 'create' } },
      schema: {
        tags,
        summary: 'Mark a staff member present or absent on a day',
        body: attendanceMarkSchema,
        response: { 200: attendanceMarkResultSchema, ...errors(404) },
      },
    },
    async (request) => markAttendance(db, requireActor(request), request.body),
  );
}
