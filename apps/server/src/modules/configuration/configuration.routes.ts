import { calls, userResource, websiteConfigurationResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
import { getDashboardCards } from './get-dashboard-cards';
import { listConfigurationHistory, rollbackWebsiteConfiguration } from './rollback-website-configuration';

/** Configuration beyond CRUD: a setting's history and its rollback; the cards a learner's dashboard shows. */
export function registerConfigurationRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const settings = services.get(websiteConfigurationResource.path);
  const learners = services.get(userResource.path);
  if (!settings || !learners) throw new Error('website configuration and learners must be registered first');

  registerCall(app, calls.configuration.history, async (request) => {
    const data = await listConfigurationHistory(app.db, requireActor(request), settings, request.params.id);
    return { data, totalItems: data.length };
  });
  registerCall(
    app,
    calls.configuration.rollback,
    async (request) =>
      rollbackWebsiteConfiguration(app.db, requireActor(request), settings, request.params.id, request.body),
    { records: recordAnswers(services) },
  );
  registerCall(app, calls.learners.dashboardCards, async (request) =>
    getDashboardCards(app.db, requireActor(request), learners, request.query.userId),
  );
}
