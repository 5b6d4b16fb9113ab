import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import { sessionUser } from '../auth/session-user';
import { startImpersonation } from './start-impersonation';
import { stopImpersonation } from './stop-impersonation';

/** An admin acting as a learner (decision 015). This file only maps HTTP to the workflow files beside it. */
export function registerImpersonationRoutes(app: FastifyInstance) {
  const { db, config } = app;
  registerCall(app, calls.impersonation.start, async (request) =>
    startImpersonation(db, config, requireActor(request), request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  );
  registerCall(app, calls.impersonation.stop, async (request) =>
    stopImpersonation(db, requireActor(request), request.body.token),
  );
  registerCall(app, calls.auth.session, async (request) => {
    const actor = requireActor(request);
    return { user: await sessionUser(db, actor.user, actor.impersonatorId) };
  });
}
