import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import { countDashboardFigures } from './count-dashboard-figures';

/** /admin/dashboard/*: the dashboard's four tabs in one call. This file only maps HTTP. */
export function registerDashboardRoutes(app: FastifyInstance) {
  registerCall(app, calls.dashboard.stats, async (request) => countDashboardFigures(app.db, requireActor(request)));
}
