import { historyEntrySchema, idParam, listResultSchema, revertResultSchema, revertSchema } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { pageHeaders, pageOf, pageSizeParam } from '../../platform/params';
import type { ResourceService } from '../../resources/engine';
import { sourcesOf } from './learner-history';
import { listLearnerHistory } from './list-learner-history';
import { revertFieldChange } from './revert-field-change';

const tags = ['Learners'];
/** Whoever may read a learner reads their history; what they may revert is decided field by field. */
const readLearner = { resource: 'user', action: 'read' } as const;

/** A learner's history and reverts (decision 015). This file only maps HTTP to the workflow files beside it. */
export function registerHistoryRoutes(app: FastifyInstance, services: ReadonlyMap<string, ResourceService>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sources = sourcesOf(services);

  r.get(
    '/admin/user/history',
    {
      config: { access: readLearner },
      schema: {
        tags,
        summary: "A learner's history: their record's and their own records' audited changes, newest first",
        querystring: z.object({ userId: idParam, page_size: pageSizeParam }),
        headers: pageHeaders,
        response: { 200: listResultSchema(historyEntrySchema), ...errors(404) },
      },
    },
    async (request) =>
      listLearnerHistory(
        app.db,
        requireActor(request),
        sources,
        request.query.userId,
        pageOf(request),
        request.query.page_size,
      ),
  );

  r.post(
    '/admin/user/history/revert',
    {
      config: { access: readLearner },
      schema: {
        tags,
        summary: 'Set one field back to the value an audited change replaced (versioned, audited as revert)',
        body: revertSchema,
        response: { 200: revertResultSchema, ...errors(404, 409) },
      },
    },
    async (request) => revertFieldChange(app.db, requireActor(request), sources, request.body),
  );
}
