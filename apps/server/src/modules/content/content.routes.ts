import { campusNexaRecommendSchema, companyResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
import { recommendCompany } from './recommend-company';

/** Content calls beyond CRUD: maps HTTP to the workflow files beside it. */
export function registerContentRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const companies = services.get(companyResource.path);
  if (!companies) throw new Error('companies are not registered');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/admin/company/campus-nexa/recommend',
    {
      config: { access: { resource: 'company', action: 'update' } },
      schema: {
        tags: [companyResource.pluralLabel],
        summary: 'Recommend a company to the Campus Nexa programme, or withdraw the recommendation',
        body: campusNexaRecommendSchema,
        response: { 200: recordSchema(companyResource, companies.columns), ...errors(404, 409) },
      },
    },
    async (request) => recommendCompany(app.db, requireActor(request), companies, request.body),
  );
}
