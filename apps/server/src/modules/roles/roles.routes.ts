import {
  attendanceMarkResultSchema,
  attendanceMarkSchema,
  attendanceRowSchema,
  idParam,
  listResultSchema,
  messageSchema,
  roleById,
  roleByKey,
  roleCreateSchema,
  roleListItemSchema,
  roleMemberRowSchema,
  roleMemberSchema,
  roleSchema,
  roleUpdateSchema,
  subRoleCreateSchema,
} from '@cohort/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { roles, staffAttendance, users } from '../../db/schema';
import { effectiveRole, requireActor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, conflict, notFound, staleVersion } from '../../platform/errors';
import { errors } from '../../platform/openapi';
import { idParams, pageHeaders, pageOf, pageSizeParam } from '../../platform/params';
import { usersVisibleTo } from '../../platform/row-scopes';

const tags = ['Roles'];
const publicUser = { id: users.id, name: users.name, email: users.email, roleId: users.roleId, status: users.status };
const USER_ROLE_ID = roleByKey('USER')!.id;
/** Advisory lock key of role changes (any constant unique in this application). */
const ROLE_CHANGE_LOCK = 7_001;
const ADMIN_ROLE_ID = roleByKey('ADMIN')!.id;

async function findRole(db: Db | Tx, id: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, id));
  if (!role) throw notFound('Role');
  return role;
}

/** An admin cannot be moved out of ADMIN if they are the last one (the console would be unmanageable). */
async function assertNotLastAdmin(tx: Db | Tx, userId: number, currentRoleId: number) {
  if (currentRoleId !== ADMIN_ROLE_ID) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, ADMIN_ROLE_ID), eq(users.status, 'Active')));
  if (n <= 1) throw conflict('This is the last admin; make someone else admin first');
  void userId;
}

/**
 * /admin/role/*: the roles and who holds them. Built-in roles (ids 1-10) are fixed;
 * custom roles and sub-roles descend from one and carry its permissions.
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
    async () => {
      const rows = await db
        .select({
          id: roles.id,
          name: roles.name,
          description: roles.description,
          builtIn: roles.builtIn,
          parentRoleId: roles.parentRoleId,
          version: roles.version,
          createdAt: roles.createdAt,
          updatedAt: roles.updatedAt,
          // Qualified by hand: drizzle renders a one-table select's columns unqualified, and a bare "id" here would be users.id.
          members: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id")`,
        })
        .from(roles)
        .orderBy(asc(roles.id));
      return { data: rows, totalItems: rows.length };
    },
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
    async (request) => {
      await findRole(db, request.query.roleId);
      const size = request.query.page_size;
      // Members of the learner role are learners: a scoped role sees only its own.
      const where = and(eq(users.roleId, request.query.roleId), usersVisibleTo(requireActor(request)));
      const data = await db
        .select(publicUser)
        .from(users)
        .where(where)
        .orderBy(asc(users.id))
        .limit(size)
        .offset((pageOf(request) - 1) * size);
      const [{ n }] = await db.select({ n: count() }).from(users).where(where);
      return { data, totalItems: n };
    },
  );

  const changeRole = async (request: FastifyRequest, userId: number, toRoleId: number, fromRoleId?: number) => {
    const actor = requireActor(request);
    return db.transaction(async (tx) => {
      // Role changes queue here: two admins demoting each other at once cannot both pass
      // the last-admin check (each would count the other still an admin).
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw notFound('User');
      if (fromRoleId !== undefined && user.roleId !== fromRoleId)
        throw badRequest('The user does not hold this role', [
          { path: ['userId'], message: 'Not a member of this role' },
        ]);
      if (user.roleId === toRoleId) throw conflict('The user already holds this role');
      await assertNotLastAdmin(tx, user.id, user.roleId);
      const [after] = await tx
        .update(users)
        .set({ roleId: toRoleId, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(eq(users.id, user.id))
        .returning(publicUser);
      await audit(tx, actor, {
        action: 'update',
        entity: 'user',
        entityId: user.id,
        before: { roleId: user.roleId },
        after: { roleId: toRoleId },
      });
      return after;
    });
  };

  r.post(
    '/admin/role/add-user',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Give a user this role (a user holds one role)',
        body: roleMemberSchema,
        response: { 200: roleMemberRowSchema, ...errors(404, 409) },
      },
    },
    async (request) => {
      await findRole(db, request.body.roleId);
      return changeRole(request, request.body.userId, request.body.roleId);
    },
  );

  r.post(
    '/admin/role/remove-user',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Take a role from a user: back to the parent role, or to USER for a built-in role',
        body: roleMemberSchema,
        response: { 200: roleMemberRowSchema, ...errors(404, 409) },
      },
    },
    async (request) => {
      const role = await findRole(db, request.body.roleId);
      if (role.id === USER_ROLE_ID) throw badRequest('Every account holds at least the USER role');
      return changeRole(request, request.body.userId, role.parentRoleId ?? USER_ROLE_ID, role.id);
    },
  );

  const createRole = async (
    request: FastifyRequest,
    body: { name: string; description?: string; parentRoleId: number },
    parentMustBeBuiltIn: boolean,
  ) => {
    const actor = requireActor(request);
    const parent = await findRole(db, body.parentRoleId);
    if (parentMustBeBuiltIn && !roleById(parent.id)) {
      throw badRequest('A role is based on a built-in role', [
        { path: ['parentRoleId'], message: 'Choose a built-in role' },
      ]);
    }
    if (parent.id === USER_ROLE_ID)
      throw badRequest('Staff roles cannot descend from USER', [
        { path: ['parentRoleId'], message: 'Choose a staff role' },
      ]);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({ name: body.name, description: body.description, parentRoleId: parent.id, builtIn: false })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('A role with this name already exists');
      await audit(tx, actor, { action: 'create', entity: 'role', entityId: row.id, after: row });
      return row;
    });
  };

  r.post(
    '/admin/role/create',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Create a custom role based on a built-in role',
        body: roleCreateSchema.extend({ baseRoleId: z.number().int().positive() }),
        response: { 201: roleSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const { baseRoleId, ...rest } = request.body;
      reply.code(201);
      return createRole(request, { ...rest, parentRoleId: baseRoleId }, true);
    },
  );

  r.post(
    '/admin/role/sub-role',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Create a sub-role under any staff role',
        body: subRoleCreateSchema,
        response: { 201: roleSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createRole(request, request.body, false);
    },
  );

  r.put(
    '/admin/role/update/:id',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Rename or describe a custom role',
        params: idParams,
        body: roleUpdateSchema,
        response: { 200: roleSchema, ...errors(409) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return db.transaction(async (tx) => {
        const before = await findRole(tx, request.params.id);
        if (before.builtIn && request.body.name !== undefined && request.body.name !== before.name) {
          throw badRequest('Built-in roles cannot be renamed', [
            { path: ['name'], message: 'Built-in roles keep their names' },
          ]);
        }
        if (before.version !== request.body.version) throw staleVersion();
        const { version, ...changes } = request.body;
        const [after] = await tx
          .update(roles)
          .set({ ...changes, updatedAt: new Date(), version: sql`${roles.version} + 1` })
          .where(and(eq(roles.id, before.id), eq(roles.version, version)))
          .returning();
        if (!after) throw staleVersion();
        await audit(tx, actor, { action: 'update', entity: 'role', entityId: before.id, before, after });
        return after;
      });
    },
  );

  r.delete(
    '/admin/role/delete/:id',
    {
      config: { access: { resource: 'role', action: 'manage' } },
      schema: {
        tags,
        summary: 'Delete a custom role with no members and no sub-roles',
        params: idParams,
        response: { 200: messageSchema, ...errors(409) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await db.transaction(async (tx) => {
        const role = await findRole(tx, request.params.id);
        if (role.builtIn) throw badRequest('Built-in roles cannot be deleted');
        const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, role.id));
        if (n > 0) throw conflict(`Move this role's ${n} user(s) to another role first`);
        const [{ c }] = await tx.select({ c: count() }).from(roles).where(eq(roles.parentRoleId, role.id));
        if (c > 0) throw conflict('Delete its sub-roles first');
        await tx.delete(roles).where(eq(roles.id, role.id));
        await audit(tx, actor, { action: 'delete', entity: 'role', entityId: role.id, before: role });
      });
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
    async (request) => {
      const { roleId, date } = request.query;
      await findRole(db, roleId);
      const size = request.query.page_size;
      const where = and(eq(users.roleId, roleId), usersVisibleTo(requireActor(request)));
      const data = await db
        .select({ ...publicUser, attendance: staffAttendance.status, note: staffAttendance.note })
        .from(users)
        .leftJoin(staffAttendance, and(eq(staffAttendance.userId, users.id), eq(staffAttendance.day, date)))
        .where(where)
        .orderBy(asc(users.id))
        .limit(size)
        .offset((pageOf(request) - 1) * size);
      const [{ n }] = await db.select({ n: count() }).from(users).where(where);
      return { data, totalItems: n };
    },
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
    async (request) => {
      const actor = requireActor(request);
      const { userId, date, status, note } = request.body;
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        if (!user) throw notFound('User');
        if ((await effectiveRole(tx as unknown as Db, user.roleId)) === 'USER') {
          throw badRequest('Attendance is kept for staff only', [{ path: ['userId'], message: 'Not a staff member' }]);
        }
        const [before] = await tx
          .select()
          .from(staffAttendance)
          .where(and(eq(staffAttendance.userId, userId), eq(staffAttendance.day, date)));
        const [after] = await tx
          .insert(staffAttendance)
          .values({ userId, day: date, status, note, markedBy: actor.user.id })
          .onConflictDoUpdate({
            target: [staffAttendance.userId, staffAttendance.day],
            set: {
              status,
              note,
              markedBy: actor.user.id,
              updatedAt: new Date(),
              version: sql`${staffAttendance.version} + 1`,
            },
          })
          .returning();
        await audit(tx, actor, {
          action: before ? 'update' : 'create',
          entity: 'staffAttendance',
          entityId: after.id,
          before: before ?? null,
          after,
        });
        return after;
      });
    },
  );
}
