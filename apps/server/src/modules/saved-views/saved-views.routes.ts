import {
  listResultSchema,
  messageSchema,
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { idParams } from '../../platform/params';
import type { ResourceService } from '../../resources/engine';
import { createSavedView } from './create-saved-view';
import { deleteSavedView } from './delete-saved-view';
import { listSavedViews } from './list-saved-views';
import { updateSavedView } from './update-saved-view';

const tags = ['Saved views'];
/** Any staff member saves views of the lists their role may open (checked per resource). */
const staff = 'staff' as const;

/** /admin/saved-view/*: named list states, private or shared with roles (decision 020). */
export function registerSavedViewRoutes(app: FastifyInstance, services: ReadonlyMap<string, ResourceService>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/saved-view/get',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'The saved views of one list that I see: mine, then those shared with my role',
        querystring: savedViewListQuerySchema,
        response: { 200: listResultSchema(savedViewSchema) },
      },
    },
    async (request) => listSavedViews(app.db, requireActor(request), services, request.query.resource),
  );

  r.post(
    '/admin/saved-view/add',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Save a list state (filters, sort, search, page size, columns), private or shared with roles',
        body: savedViewCreateSchema,
        response: { 201: savedViewSchema, ...errors(409) },
      },
    },
    async (request, reply) => {
      const view = await createSavedView(app.db, requireActor(request), services, request.body);
      reply.code(201);
      return view;
    },
  );

  r.put(
    '/admin/saved-view/update/:id',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Change a saved view of mine (its version as read); sharedWith replaces its roles',
        params: idParams,
        body: savedViewUpdateSchema,
        response: { 200: savedViewSchema, ...errors(404, 409) },
      },
    },
    async (request) => updateSavedView(app.db, requireActor(request), services, request.params.id, request.body),
  );

  r.delete(
    '/admin/saved-view/delete/:id',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Delete a saved view of mine (ADMIN: also a shared one)',
        params: idParams,
        response: { 200: messageSchema, ...errors(404) },
      },
    },
    async (request) => {
      await deleteSavedView(app.db, requireActor(request), request.params.id);
      return { message: 'View deleted' };
    },
  );
}
