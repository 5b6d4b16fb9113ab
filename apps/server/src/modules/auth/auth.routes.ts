import { calls } from '@cohort/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { AuthContext, Client } from './auth-context';
import { changeOwnPassword } from './change-own-password';
import { completeTwoFactorLogin } from './complete-two-factor-login';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { registerLearner } from './register-learner';
import { sessionUser } from './session-user';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './set-up-two-factor';

function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Logging in and out, the session, one's own password and 2FA (declared in calls.auth). This file only maps HTTP. */
export function registerAuthRoutes(app: FastifyInstance) {
  const ctx: AuthContext = { db: app.db, config: app.config, secrets: app.secrets };
  const c = calls.auth;

  // POST /auth/login{suffix}: '' (any account) or '/admin' (the console's staff-only login; decision 004).
  registerCall(app, c.login, async (request) => logIn(ctx, request.body, clientOf(request), request.id, false));
  registerCall(app, c.loginStaff, async (request) => logIn(ctx, request.body, clientOf(request), request.id, true));
  registerCall(app, c.register, async (request) => registerLearner(ctx, request.body, clientOf(request), request.id));
  registerCall(app, c.logoutStaff, async (request) => logOut(ctx.db, requireActor(request)));
  registerCall(app, c.logout, async (request) => logOut(ctx.db, requireActor(request)));
  registerCall(app, c.staffSession, async (request) => {
    const actor = requireActor(request);
    return { user: await sessionUser(ctx.db, actor.user, actor.impersonatorId) };
  });
  registerCall(app, c.changePassword, async (request) => changeOwnPassword(ctx, requireActor(request), request.body));
  registerCall(app, c.setup2FA, async (request) => setUpTwoFactor(ctx, requireActor(request)));
  registerCall(app, c.enable2FA, async (request) => enableTwoFactor(ctx, requireActor(request), request.body.code));
  registerCall(app, c.disable2FA, async (request) => disableTwoFactor(ctx, requireActor(request), request.body.code));
  registerCall(app, c.verify2FA, async (request) =>
    completeTwoFactorLogin(ctx, requireActor(request), { totp: request.body.code }, clientOf(request)),
  );
  registerCall(app, c.verifyBackupCode, async (request) =>
    completeTwoFactorLogin(ctx, requireActor(request), { backupCode: request.body.code }, clientOf(request)),
  );
}
