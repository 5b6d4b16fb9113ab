import { calls, subscriptionResource, userResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
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
  for (const call of [calls.subscriptions.addPlan, calls.subscriptions.create]) {
    registerCall(
      app,
      call,
      async (request) => addSubscription(app.db, requireActor(request), { learners, subscriptions }, request.body),
      { records: recordAnswers(services) },
    );
  }
}
