import {
  cardResource,
  dashboardCardsQuerySchema,
  dashboardCardsSchema,
  listResultSchema,
  userResource,
  websiteConfigurationResource,
  websiteConfigurationRollbackSchema,
  websiteConfigurationVersionSchema,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { idParams } from '../../platform/params';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
import { getDashboardCards } from './get-dashboard-cards';
import { listConfigurationHistory, rollbackWebsiteConfiguration } from './rollback-website-configuration';

/** Configuration beyond CRUD: a setting's history and its rollback; the cards a learner's dashboard shows. */
export function registerConfigurationRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const settings = services.get(websiteConfigurationResource.path);
  const learners = services.get(userResource.path);
  if (!settings || !learners) throw new Error('website configuration and learners must be registered first');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [websiteConfigurationResource.pluralLabel];

  r.get(
    '/admin/website-configuration/history/:id',
    {
      config: { access: { resource: 'websiteConfiguration', action: 'read' } },
      schema: {
        tags,
        summary: "A setting's saved values, newest first",
        params: idParams,
        response: { 200: listResultSchema(websiteConfigurationVersionSchema) },
      },
    },
    async (request) => {
      const data = await listConfigurationHistory(app.db, requireActor(request), settings, request.params.id);
      return { data, totalItems: data.length };
    },
  );

  r.post(
    '/admin/website-configuration/rollback/:id',
    {
      config: { access: { resource: 'websiteConfiguration', action: 'update' } },
      schema: {
        tags,
        summary: 'Put an earlier value of a setting back (as a new version)',
        params: idParams,
        body: websiteConfigurationRollbackSchema,
        response: { 200: recordSchema(websiteConfigurationResource, settings.columns), ...errors(409) },
      },
    },
    async (request) =>
      rollbackWebsiteConfiguration(app.db, requireActor(request), settings, request.params.id, request.body),
  );

  // Whoever may read a learner may see what their dashboard shows, within their row scope.
  r.get(
    '/admin/card/user/dashboard-cards',
    {
      config: { access: { resource: 'user', action: 'read' } },
      schema: {
        tags: [cardResource.pluralLabel],
        summary:
          "The cards a learner's dashboard shows: their user types' active cards, by type priority then card position",
        querystring: dashboardCardsQuerySchema,
        response: { 200: dashboardCardsSchema, ...errors(404) },
      },
    },
    async (request) => getDashboardCards(app.db, requireActor(request), learners, request.query.userId),
  );
}
