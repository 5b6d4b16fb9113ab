import { calls } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { registerCall } from '../../platform/register-call';
import { getPreferences } from './get-preferences';
import { savePreferences } from './save-preferences';

/** /admin/preferences: the signed-in staff member's own console preferences (declared in calls.preferences). */
export function registerPreferenceRoutes(app: FastifyInstance) {
  const db = app.db;
  registerCall(app, calls.preferences.get, async (request) => getPreferences(db, requireActor(request).user.id));
  registerCall(app, calls.preferences.save, async (request) =>
    savePreferences(db, requireActor(request).user.id, request.body),
  );
}
