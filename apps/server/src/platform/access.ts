import { type CallAccess, can, type RoleKey, roleById } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from './errors';
import { type ActorSession, type ActorUser, resolveSession, resolveSessionById } from './sessions';
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
export type Access = CallAccess;

export type Actor = {
  user: ActorUser;
  session: ActorSession;
  /** The built-in role the user's (possibly custom) role descends from. */
  role: RoleKey;
  impersonatorId: number | null;
  /** The request acting (its x-request-id): audit entries carry it (decision 026). */
  requestId?: string;
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
 * is still a learner (never a staff role gained meanwhile), the admin's session that started
 * it is still live (not revoked, not past its end: decision 029) and that admin is still an
 * active ADMIN (decision 015).
 */
async function impersonationHolds(db: Db, session: ActorSession, learnerRole: RoleKey): Promise<boolean> {
  if (learnerRole !== 'USER' || session.startedBySessionId == null) return false;
  const [admin] = await db
    .select({
      roleId: users.roleId,
      status: users.userStatus,
      endsAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, session.startedBySessionId), eq(sessions.userId, session.impersonatorId ?? -1)));
  if (!admin || admin.revokedAt || admin.endsAt.getTime() <= Date.now()) return false;
  return admin.status === 'Active' && (await effectiveRole(db, admin.roleId)) === 'ADMIN';
}

const LINK_ENDED = 'This link has expired. Open it again from the console';

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
    const ticketContext = typeof access === 'object' && 'ticket' in access ? access.ticket : undefined;
    const ticket = !token && ticketContext ? ticketOf(request) : undefined;
    // A ticket stands for the session it was issued to: that session must be live, and its
    // user's role and (in the route) row scope are checked now, as for a token (decision 029).
    const granted = ticket && ticketContext ? readTicket(app.secrets, ticketContext, ticket) : null;
    if (!token && !granted) throw unauthorized(ticket ? LINK_ENDED : undefined);
    const hit = granted
      ? await resolveSessionById(app.db, app.config, granted.sessionId)
      : await resolveSession(app.db, app.config, token as string);
    if (!hit) throw unauthorized(granted ? LINK_ENDED : 'Your session has expired. Please log in again');
    if (granted) request.ticketSubject = granted.subject;
    const role = await effectiveRole(app.db, hit.user.roleId);
    if (hit.session.impersonatorId != null && !(await impersonationHolds(app.db, hit.session, role))) {
      throw unauthorized('This impersonation has ended');
    }
    request.actor = {
      user: hit.user,
      session: hit.session,
      role,
      impersonatorId: hit.session.impersonatorId,
      requestId: request.id,
    };
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
