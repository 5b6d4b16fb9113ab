import {
  callHistoryResource,
  callLogSchema,
  crmAddSchema,
  leadResource,
  leadSummaryQuerySchema,
  leadSummarySchema,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
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
  const calls = need(callHistoryResource.path);
  const leadRecord = recordSchema(leadResource, leads.columns, leads.binding.hidden, leads.binding.derived);
  const callRecord = recordSchema(callHistoryResource, calls.columns, calls.binding.hidden, calls.binding.derived);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/user/crm/add',
    {
      config: { access: { resource: 'lead', action: 'create' } },
      schema: {
        tags: [leadResource.pluralLabel],
        summary:
          'Put a learner into the CRM with their first follow-up (201), or reopen their closed lead (200); a lead still open, or a learner marked "Exclude from CRM", is a 409',
        body: crmAddSchema,
        response: { 200: leadRecord, 201: leadRecord, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const { lead, created } = await addToCrm(app.db, requireActor(request), leads, request.body);
      reply.code(created ? 201 : 200);
      return lead;
    },
  );

  r.get(
    '/admin/user/crm/getLeadSummary',
    {
      config: { access: { resource: 'lead', action: 'read' } },
      schema: {
        tags: [leadResource.pluralLabel],
        summary: "A learner's place in the CRM: their lead (null when not in it), call counts and the last five calls",
        querystring: leadSummaryQuerySchema,
        response: { 200: leadSummarySchema, ...errors(404) },
      },
    },
    async (request) => getLeadSummary(app.db, requireActor(request), request.query.userId),
  );

  r.post(
    '/admin/call/history/add',
    {
      config: { access: { resource: 'callHistory', action: 'create' } },
      schema: {
        tags: [callHistoryResource.pluralLabel],
        summary:
          'Log a call made to a lead (the caller is the session user); a first connected call moves it to In Progress',
        body: callLogSchema,
        response: { 201: callRecord, ...errors(404) },
      },
    },
    async (request, reply) => {
      const call = await logCall(app.db, requireActor(request), leads, calls, request.body);
      reply.code(201);
      return call;
    },
  );
}
