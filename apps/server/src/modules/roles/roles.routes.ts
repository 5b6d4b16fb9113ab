import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { pageOf } from '../../platform/params';
import { registerCall } from '../../platform/register-call';
import { addUserToRole, removeUserFromRole } from './change-user-role';
import { createRole } from './create-role';
import { deleteRole } from './delete-role';
import { listRoleAttendance, listRoleMembers } from './list-role-members';
import { listRoles } from './list-roles';
import { markAttendance } from './mark-attendance';
import { updateRole } from './update-role';

/**
 * /admin/role/*: the roles and who holds them (declared in calls.roles). Built-in roles (ids
 * 1-10) are fixed; custom roles and sub-roles descend from one and carry its permissions.
 * This file only maps HTTP to the workflow files beside it.
 */
export function registerRoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const c = calls.roles;
  registerCall(app, c.list, async () => listRoles(db));
  registerCall(app, c.members, async (request) =>
    listRoleMembers(db, requireActor(request), request.query.roleId, pageOf(request), request.query.page_size),
  );
  registerCall(app, c.addUser, async (request) => addUserToRole(db, requireActor(request), request.body));
  registerCall(app, c.removeUser, async (request) => removeUserFromRole(db, requireActor(request), request.body));
  registerCall(app, c.create, async (request) => {
    const { baseRoleId, ...rest } = request.body;
    return createRole(db, requireActor(request), { ...rest, parentRoleId: baseRoleId }, true);
  });
  registerCall(app, c.createSubRole, async (request) => createRole(db, requireActor(request), request.body, false));
  registerCall(app, c.update, async (request) =>
    updateRole(db, requireActor(request), request.params.id, request.body),
  );
  registerCall(app, c.delete, async (request) => {
    await deleteRole(db, requireActor(request), request.params.id);
    return { message: 'Role deleted' };
  });
  registerCall(app, c.attendance, async (request) =>
    listRoleAttendance(db, requireActor(request), request.query, pageOf(request), request.query.page_size),
  );
  registerCall(app, c.markAttendance, async (request) => markAttendance(db, requireActor(request), request.body));
}
