import { preferencesSchema } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { getPreferences } from './get-preferences';
import { savePreferences } from './save-preferences';

const tags = ['Preferences'];

/** /admin/preferences: the signed-in staff member's own console preferences. */
export function registerPreferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/admin/preferences',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'My console preferences (columns, page size, theme, saved list views)',
        response: { 200: preferencesSchema },
      },
    },
    async (request) => getPreferences(db, requireActor(request).user.id),
  );

  r.put(
    '/admin/preferences',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Save some of my console preferences (merged list by list); answers them all',
        body: preferencesSchema,
        response: { 200: preferencesSchema, ...errors(400) },
      },
    },
    async (request) => savePreferences(db, requireActor(request).user.id, request.body),
  );
}
