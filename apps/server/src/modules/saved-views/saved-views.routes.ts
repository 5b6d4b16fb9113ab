import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { createSavedView } from './create-saved-view';
import { deleteSavedView } from './delete-saved-view';
import { listSavedViews } from './list-saved-views';
import { updateSavedView } from './update-saved-view';

/** /admin/saved-view/*: named list states, private or shared with roles (decision 020; declared in calls.savedViews). */
export function registerSavedViewRoutes(app: FastifyInstance, services: ReadonlyMap<string, ResourceService>) {
  const c = calls.savedViews;
  registerCall(app, c.list, async (request) =>
    listSavedViews(app.db, requireActor(request), services, request.query.resource),
  );
  registerCall(app, c.create, async (request) =>
    createSavedView(app.db, requireActor(request), services, request.body),
  );
  registerCall(app, c.update, async (request) =>
    updateSavedView(app.db, requireActor(request), services, request.params.id, request.body),
  );
  registerCall(app, c.delete, async (request) => {
    await deleteSavedView(app.db, requireActor(request), request.params.id);
    return { message: 'View deleted' };
  });
}
