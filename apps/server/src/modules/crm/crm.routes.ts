import { callHistoryResource, calls, leadResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
import { addToCrm } from './add-to-crm';
import { getLeadSummary } from './get-lead-summary';
import { logCall } from './log-call';

/** The CRM's workflows (decision 022); its plain calls (`/admin/leads/get`, `edit`, `/admin/call/history/all`) are the engine's. */
export function registerCrmRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const need = (path: string) => {
    const s = services.get(path);
    if (!s) throw new Error(`${path} must be registered first`);
    return s;
  };
  const leads = need(leadResource.path);
  const calledLeads = need(callHistoryResource.path);
  const records = recordAnswers(services);

  registerCall(
    app,
    calls.crm.add,
    async (request, reply) => {
      const { lead, created } = await addToCrm(app.db, requireActor(request), leads, request.body);
      reply.code(created ? 201 : 200);
      return lead;
    },
    { records },
  );
  registerCall(app, calls.crm.leadSummary, async (request) =>
    getLeadSummary(app.db, requireActor(request), request.query.userId),
  );
  registerCall(
    app,
    calls.crm.logCall,
    async (request) => logCall(app.db, requireActor(request), leads, calledLeads, request.body),
    { records },
  );
}
