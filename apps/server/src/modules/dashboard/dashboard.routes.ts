import { dashboardStatsSchema } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { countDashboardFigures } from './count-dashboard-figures';

/** /admin/dashboard/*: the dashboard's four tabs in one call. This file only maps HTTP. */
export function registerDashboardRoutes(app: FastifyInstance) {
  app.get(
    '/admin/dashboard/stats',
    {
      config: { access: { resource: 'dashboard', action: 'read' } },
      schema: {
        tags: ['Dashboard'],
        summary: 'Figures for the dashboard tabs',
        response: { 200: dashboardStatsSchema },
      },
    },
    async (request) => countDashboardFigures(app.db, requireActor(request)),
  );
}
