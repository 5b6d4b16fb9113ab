import {
  listResultSchema,
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
import { listConfigurationHistory, rollbackWebsiteConfiguration } from './rollback-website-configuration';

/** Website configuration beyond CRUD: a setting's history and its rollback. */
export function registerConfigurationRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const settings = services.get(websiteConfigurationResource.path);
  if (!settings) throw new Error('website configuration is not registered');
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
}
