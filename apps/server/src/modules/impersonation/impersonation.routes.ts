import {
  impersonateSchema,
  impersonationResultSchema,
  messageSchema,
  sessionUserSchema,
  stopImpersonationSchema,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { sessionUser } from '../auth/session-user';
import { startImpersonation } from './start-impersonation';
import { stopImpersonation } from './stop-impersonation';

const tags = ['Impersonation'];
const impersonate = { resource: 'impersonation', action: 'create' } as const;

/** An admin acting as a learner (decision 015). This file only maps HTTP to the workflow files beside it. */
export function registerImpersonationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  r.post(
    '/admin/user/impersonate',
    {
      config: { access: impersonate },
      schema: {
        tags,
        summary: 'Act as a learner for a short time, for a stated reason (ADMIN; learners only)',
        body: impersonateSchema,
        response: { 200: impersonationResultSchema, ...errors(404) },
      },
    },
    async (request) =>
      startImpersonation(db, config, requireActor(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  r.post(
    '/admin/user/impersonate/stop',
    {
      config: { access: impersonate },
      schema: {
        tags,
        summary: 'End an impersonation you started (with your own session)',
        body: stopImpersonationSchema,
        response: { 200: messageSchema, ...errors(404) },
      },
    },
    async (request) => stopImpersonation(db, requireActor(request), request.body.token),
  );

  r.get(
    '/auth/session',
    {
      config: { access: 'session' },
      schema: {
        tags: ['Auth'],
        summary: "Any session's user, learners' and impersonations' included (who is acting, and for whom)",
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return { user: await sessionUser(db, actor.user, actor.impersonatorId) };
    },
  );
}
