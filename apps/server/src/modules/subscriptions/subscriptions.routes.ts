import { addPlanSchema, subscriptionResource, userResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
import { addSubscription } from './add-subscription';

/**
 * A learner subscribes to a plan: `POST /admin/user/plan/add` (the learner page) and
 * `POST /admin/subscription` (the subscriptions list) are the same workflow (decision 018).
 * Lists, reads, updates and the deposit's calls are the engine's.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const learners = services.get(userResource.path);
  const subscriptions = services.get(subscriptionResource.path);
  if (!learners || !subscriptions) throw new Error('learners and subscriptions must be registered first');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = recordSchema(
    subscriptionResource,
    subscriptions.columns,
    subscriptions.binding.hidden,
    subscriptions.binding.derived,
  );
  for (const url of ['/admin/user/plan/add', '/admin/subscription']) {
    r.post(
      url,
      {
        config: { access: { resource: 'subscription', action: 'create' } },
        schema: {
          tags: [subscriptionResource.pluralLabel],
          summary:
            'Subscribe a learner to a plan at its price today, with its upfront deposit; replaceActive ends the current one',
          body: addPlanSchema,
          response: { 201: record, ...errors(404, 409) },
        },
      },
      async (request, reply) => {
        const row = await addSubscription(app.db, requireActor(request), { learners, subscriptions }, request.body);
        reply.code(201);
        return row;
      },
    );
  }
}
