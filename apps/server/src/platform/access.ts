import { type Action, can, type PermissionResource, type RoleKey, roleById } from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from './errors';
import { type ActorSession, type ActorUser, resolveSession } from './sessions';
import { readTicket, ticketOf } from './tickets';

/**
 * What a route requires. Every route declares one (`config.access`); a route
 * without it is refused at registration and by the route-walk test.
 * - 'public': no session (login, register, docs, the console's files)
 * - 'session': any full session, learners too
 * - 'staff': any staff role (not USER)
 * - { resource, action }: the permission matrix decides
 * `allowPending2FA` lets a session that still owes its 2FA code through.
 */
export type Access =
  | 'public'
  | 'session'
  | 'staff'
  | {
      resource: PermissionResource;
      action: Action;
      allowPending2FA?: false;
      /** A request without a token may bring a ticket of this context instead (platform/tickets.ts). */
      ticket?: string;
    }
  | { staff: true; allowPending2FA: true };

export type Actor = {
  user: ActorUser;
  session: ActorSession;
  /** The built-in role the user's (possibly custom) role descends from. */
  role: RoleKey;
  impersonatorId: number | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Multipart calls: the names of their file fields (documented in the OpenAPI body). */
    multipart?: readonly string[];
    /** Open to a session whose user must still change the password (decision 028): the session, the change, logout. */
    beforePasswordChange?: true;
  }
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** Custom roles and sub-roles resolve to the built-in role at the top of their chain. */
export async function effectiveRole(db: Db, roleId: number): Promise<RoleKey> {
  let id: number | null = roleId;
  for (let depth = 0; id != null && depth < 10; depth++) {
    const builtIn = roleById(id);
    if (builtIn) return builtIn.key;
    const rows: { parentRoleId: number | null }[] = await db
      .select({ parentRoleId: roles.parentRoleId })
      .from(roles)
      .where(eq(roles.id, id))
      .limit(1);
    id = rows[0]?.parentRoleId ?? null;
  }
  return 'USER';
}

export function isAllowed(access: Access, role: RoleKey): boolean {
  if (access === 'public' || access === 'session') return true;
  if (access === 'staff' || 'staff' in access) return role !== 'USER';
  return can(role, access.resource, access.action);
}

/**
 * An impersonation session acts as a learner, and only while that is still true: the learner
 * is still a learner (never a staff role gained meanwhile) and the admin behind it is still
 * an active ADMIN (decision 015).
 */
async function impersonationHolds(db: Db, impersonatorId: number, learnerRole: RoleKey): Promise<boolean> {
  if (learnerRole !== 'USER') return false;
  const [admin] = await db
    .select({ roleId: users.roleId, status: users.userStatus })
    .from(users)
    .where(eq(users.id, impersonatorId));
  return admin?.status === 'Active' && (await effectiveRole(db, admin.roleId)) === 'ADMIN';
}

function tokenOf(request: FastifyRequest): string | undefined {
  const h = request.headers.token;
  return typeof h === 'string' && h.length > 0 ? h : undefined;
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function installAccessControl(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') {
      // Public routes still learn who is calling when a valid token is sent (logout on /auth).
      return;
    }
    const token = tokenOf(request);
    const ticket =
      !token && typeof access === 'object' && 'ticket' in access && access.ticket ? ticketOf(request) : undefined;
    if (ticket && typeof access === 'object' && 'ticket' in access && access.ticket) {
      const subject = readTicket(app.secrets, access.ticket, ticket);
      if (!subject) throw unauthorized('This link has expired. Open it again from the console');
      request.ticketSubject = subject;
      return;
    }
    if (!token) throw unauthorized();
    const hit = await resolveSession(app.db, app.config, token);
    if (!hit) throw unauthorized('Your session has expired. Please log in again');
    const role = await effectiveRole(app.db, hit.user.roleId);
    if (hit.session.impersonatorId != null && !(await impersonationHolds(app.db, hit.session.impersonatorId, role))) {
      throw unauthorized('This impersonation has ended');
    }
    request.actor = { user: hit.user, session: hit.session, role, impersonatorId: hit.session.impersonatorId };
    const pendingOk = typeof access === 'object' && access.allowPending2FA === true;
    if (hit.session.twoFactorPending && !pendingOk) {
      throw new AppError(403, 'TWO_FACTOR_REQUIRED', 'Enter your two-factor code to finish logging in');
    }
    if (hit.user.mustChangePassword && !request.routeOptions.config?.beforePasswordChange) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Choose a new password to continue');
    }
    if (!isAllowed(access, role)) throw forbidden();
  });
}
