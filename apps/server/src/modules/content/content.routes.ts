import { calls, companyResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
import { recommendCompany } from './recommend-company';

/** Content calls beyond CRUD: maps HTTP to the workflow files beside it. */
export function registerContentRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const companies = services.get(companyResource.path);
  if (!companies) throw new Error('companies are not registered');
  registerCall(
    app,
    calls.content.recommendCompany,
    async (request) => recommendCompany(app.db, requireActor(request), companies, request.body),
    { records: recordAnswers(services) },
  );
}
