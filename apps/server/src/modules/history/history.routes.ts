import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { pageOf } from '../../platform/params';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { sourcesOf } from './learner-history';
import { listLearnerHistory } from './list-learner-history';
import { revertFieldChange } from './revert-field-change';

/** A learner's history and reverts (decision 015). This file only maps HTTP to the workflow files beside it. */
export function registerHistoryRoutes(app: FastifyInstance, services: ReadonlyMap<string, ResourceService>) {
  const sources = sourcesOf(services);
  registerCall(app, calls.learners.history, async (request) =>
    listLearnerHistory(
      app.db,
      requireActor(request),
      sources,
      request.query.userId,
      pageOf(request),
      request.query.page_size,
    ),
  );
  registerCall(app, calls.learners.revert, async (request) =>
    revertFieldChange(app.db, requireActor(request), sources, request.body),
  );
}
