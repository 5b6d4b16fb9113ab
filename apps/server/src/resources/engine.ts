import {
  type Action,
  exportColumnsParam,
  type Filter,
  hasOperation,
  INT4_MAX,
  idParam,
  importReportSchema,
  listColumnsParam,
  listQuerySchema,
  listResultSchema,
  lowerLabel,
  messageSchema,
  moveConflictSchema,
  type ResourceDef,
  type RouteName,
  type RouteSpec,
  routesOf,
  routeUrl,
} from '@cohort/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access, Actor } from '../platform/access';
import { requireActor } from '../platform/access';
import { sendCsv } from '../platform/csv-response';
import { errors, streamed } from '../platform/openapi';
import { idParams, pageHeaders, pageOf } from '../platform/params';
import { readSheet } from '../platform/spreadsheet';
import { readUploadedFile, removeStoredFile, storeImage } from '../platform/uploads';
import { recordSchema } from './record-schema';
import { type ReferenceTarget, type ResourceBinding, ResourceService } from './service';

export { escapeLike, type ResourceBinding, ResourceService } from './service';

/** Who reads a public call (e.g. `GET /deegree`): no session, the rights of a learner. */
const PUBLIC_READER = { role: 'USER' } as Actor;

/** Rows one import may carry. */
const IMPORT_MAX_ROWS = 5000;

/** A route's path without `:id` takes the id from the body. */
const takesIdInPath = (spec: RouteSpec) => spec.path.includes(':id');
const bodyId = z.object({ id: z.number().int().min(1).max(INT4_MAX) });

/**
 * Declares a resource's calls from its definition: each operation at the method and path
 * the spec names (DEFAULT_ROUTES unless the definition says otherwise), guarded by the
 * permission matrix, validated, answered with declared schemas, audited by the service.
 */
export function registerResource(
  app: FastifyInstance,
  binding: ResourceBinding,
  resolve: (path: string) => ReferenceTarget | undefined = () => undefined,
): ResourceService {
  const service = new ResourceService(binding, resolve);
  const { def } = binding;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.pluralLabel];
  const record = recordSchema(def, service.columns, binding.hidden, binding.derived);
  // A list's rows carry only list fields, and only those its `columns` asks for (decision 021).
  const listRecord = recordSchema(def, service.columns, binding.hidden, binding.derived, {
    titleField: def.titleField,
  });
  const label = lowerLabel(def.label);

  const accessOf = (spec: RouteSpec, action: Action): Access =>
    spec.public ? 'public' : { resource: def.permission, action };
  const readerOf = (request: FastifyRequest): Actor => request.actor ?? PUBLIC_READER;
  /** Each declared route of a call, with its URL and access. */
  const each = (name: RouteName, action: Action, declare: (spec: RouteSpec, url: string, access: Access) => void) => {
    for (const spec of routesOf(def, name)) {
      declare(spec, app.slashless.declare(routeUrl(def, spec)), accessOf(spec, action));
    }
  };

  if (hasOperation(def, 'list')) {
    each('list', 'list', (spec, url, access) =>
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: spec.where
            ? `List ${lowerLabel(def.pluralLabel)} where ${spec.where.map(describeFilter(def)).join(' and ')}`
            : `List ${lowerLabel(def.pluralLabel)}`,
          querystring: listQuerySchema.extend({ columns: listColumnsParam, ...queryFilterParams(def, spec) }),
          headers: pageHeaders,
          response: { 200: listResultSchema(listRecord) },
        },
        handler: async (request) =>
          service.list(
            app.db,
            readerOf(request),
            request.query,
            pageOf(request),
            request.query.page_size as number,
            fixedFilters(spec, request.query as Record<string, unknown>),
          ),
      }),
    );
    each('export', 'export', (spec, url, access) =>
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: `Export ${lowerLabel(def.pluralLabel)} as CSV`,
          // The columns shown (or chosen), in their order; without it every field (decision 020).
          querystring: listQuerySchema.omit({ page_size: true }).extend({ columns: exportColumnsParam }),
          response: { 200: streamed('text/csv', 'RFC 4180 CSV of every matching row, streamed') },
        },
        handler: async (request, reply) => {
          const day = new Date().toISOString().slice(0, 10);
          const chunks = service.csvChunks(app.db, readerOf(request), request.query);
          return sendCsv(request, reply, `${def.path}-${day}.csv`, chunks);
        },
      }),
    );
  }

  if (hasOperation(def, 'read')) {
    each('read', 'read', (spec, url, access) => {
      // The id in the path (`get/:id`) or, where the spec says so, in the query (`details?user=`).
      const inQuery = spec.idQuery;
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: `One ${label}`,
          ...(inQuery ? { querystring: z.object({ [inQuery]: idParam }) } : { params: idParams }),
          response: { 200: record, ...(inQuery ? errors(404) : {}) },
        },
        handler: async (request) => {
          const reader = readerOf(request);
          const id = inQuery
            ? (request.query as Record<string, number>)[inQuery]
            : (request.params as { id: number }).id;
          return service.toRecord(await service.get(app.db, reader, id), reader);
        },
      });
    });
  }

  if (hasOperation(def, 'create')) {
    each('create', 'create', (spec, url, access) =>
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: { tags, summary: `Add a ${label}`, body: def.createSchema, response: { 201: record, ...errors(409) } },
        handler: async (request, reply) => {
          const row = await service.create(app.db, requireActor(request), request.body as Record<string, unknown>);
          reply.code(201);
          return row;
        },
      }),
    );
  }

  if (hasOperation(def, 'update')) {
    each('update', 'update', (spec, url, access) => {
      const inPath = takesIdInPath(spec);
      const body = inPath ? def.updateSchema : (def.updateSchema as z.ZodObject).extend(bodyId.shape);
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: `Update a ${label}${inPath ? '' : ' (its id in the body)'}`,
          ...(inPath ? { params: idParams } : {}),
          body,
          response: { 200: record, ...errors(404), 409: conflictOf(def) },
        },
        handler: async (request) => {
          const input = request.body as Record<string, unknown> & { version: number; id?: number };
          const id = inPath ? (request.params as { id: number }).id : (input.id as number);
          return service.update(app.db, requireActor(request), id, input);
        },
      });
    });
  }

  if (hasOperation(def, 'delete')) {
    each('delete', 'delete', (spec, url, access) => {
      const inPath = takesIdInPath(spec);
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: `Delete a ${label}${inPath ? '' : ' (its id in the body)'}`,
          ...(inPath ? { params: idParams } : { body: bodyId }),
          response: { 200: messageSchema, ...errors(404, 409) },
        },
        handler: async (request) => {
          const id = inPath ? (request.params as { id: number }).id : (request.body as { id: number }).id;
          const before = await service.remove(app.db, requireActor(request), id);
          for (const image of def.images ?? []) await removeStoredFile(app, before[image.field]);
          return { message: `${def.label} deleted` };
        },
      });
    });
  }

  if (hasOperation(def, 'reorder')) {
    if (!service.ordered) throw new Error(`Resource ${def.path} reorders but its table has no position column`);
    each('reorder', 'reorder', (spec, url, access) =>
      r.route({
        method: spec.method,
        url,
        config: { access },
        schema: {
          tags,
          summary: `Put the ${lowerLabel(def.pluralLabel)} in this order (every id, once)`,
          body: z.strictObject({ ids: z.array(z.number().int().min(1).max(INT4_MAX)).min(1).max(10_000) }),
          response: {
            200: z.object({ data: z.array(z.object({ id: z.number().int(), position: z.number().int() })) }),
            ...errors(409),
          },
        },
        handler: async (request) => ({
          data: await service.reorder(app.db, requireActor(request), (request.body as { ids: number[] }).ids),
        }),
      }),
    );
  }

  if (hasOperation(def, 'import')) {
    each('import', 'import', (spec, url, access) =>
      r.route({
        method: spec.method,
        url,
        config: { access, multipart: ['file'] },
        schema: {
          tags,
          summary: `Import ${lowerLabel(def.pluralLabel)} from CSV or XLSX (multipart field "file"); dryRun=true only reports`,
          querystring: z.object({ dryRun: z.enum(['true', 'false']).default('true') }),
          consumes: ['multipart/form-data'],
          response: { 200: importReportSchema, 201: importReportSchema },
        },
        handler: async (request, reply) => {
          const actor = requireActor(request);
          const { buf, filename } = await readUploadedFile(request, 'file', app.config.UPLOAD_MAX_BYTES);
          const sheet = await readSheet(buf, filename, IMPORT_MAX_ROWS);
          const dryRun = (request.query as { dryRun: string }).dryRun === 'true';
          const plan = dryRun
            ? await service.planImport(app.db, actor, sheet)
            : await service.commitImport(app.db, actor, sheet);
          const count = (s: string) => plan.rows.filter((r) => r.status === s).length;
          if (!dryRun) reply.code(201);
          return {
            dryRun,
            add: count('add') + count('added'),
            skip: count('skip'),
            error: count('error'),
            ignoredColumns: plan.ignoredColumns,
            rows: plan.rows.map(({ values: _values, ...row }) => row),
          };
        },
      }),
    );
  }

  for (const action of def.actions ?? []) {
    const idField = action.idField ?? 'id';
    // The record's id in the path (`upfront-deposit/:id/extend-expiration`) or in the body.
    const inPath = takesIdInPath(action.route);
    const body = action.body.safeExtend({
      ...(inPath ? {} : { [idField]: z.number({ message: 'Choose a record' }).int().min(1).max(INT4_MAX) }),
      ...(action.versioned === false ? {} : { version: z.number().int().min(1) }),
    });
    r.route({
      method: action.route.method,
      url: app.slashless.declare(routeUrl(def, action.route)),
      config: { access: { resource: def.permission, action: action.name } },
      schema: {
        tags,
        summary: `${action.label}${action.description ? `: ${action.description}` : ''}`,
        ...(inPath ? { params: idParams } : {}),
        body,
        response: { 200: record, ...errors(404), 409: conflictOf(def) },
      },
      handler: async (request) => {
        const input = request.body as Record<string, unknown> & { version?: number };
        const id = inPath ? (request.params as { id: number }).id : (input[idField] as number);
        return service.act(app.db, requireActor(request), id, action, input);
      },
    });
  }

  for (const image of def.images ?? []) {
    const field = def.fields.find((f) => f.name === image.field);
    const what = field ? lowerLabel(field.label) : 'image';
    r.route({
      method: image.upload.method,
      url: app.slashless.declare(routeUrl(def, image.upload)),
      config: { access: { resource: def.permission, action: 'update' } },
      schema: {
        tags,
        summary: `Upload the ${label}'s ${what} (multipart field "image"); the one it replaces is deleted`,
        params: z.object({ id: idParam }),
        consumes: ['multipart/form-data'],
        response: { 200: record },
      },
      handler: async (request) => {
        const actor = requireActor(request);
        const { id } = request.params as { id: number };
        await service.get(app.db, actor, id);
        const url = await storeImage(app, request, actor);
        const { before, after } = await service.setColumn(app.db, actor, id, image.field, url, 'upload');
        await removeStoredFile(app, before[image.field]);
        return after;
      },
    });
    if (image.remove) {
      r.route({
        method: image.remove.method,
        url: app.slashless.declare(routeUrl(def, image.remove)),
        config: { access: { resource: def.permission, action: 'update' } },
        schema: { tags, summary: `Remove the ${label}'s ${what}`, params: idParams, response: { 200: record } },
        handler: async (request) => {
          const { id } = request.params as { id: number };
          const { before, after } = await service.setColumn(app.db, requireActor(request), id, image.field, null);
          await removeStoredFile(app, before[image.field]);
          return after;
        },
      });
    }
  }
  return service;
}

/** A 409's answer: with the allowed moves when the resource moves through flows (decision 018). */
function conflictOf(def: ResourceDef) {
  return def.flows?.length ? moveConflictSchema : errors(409)[409];
}

/** A list route's query parameters that filter a field (`batch/?batch=7`): ids in digits, or text. */
function queryFilterParams(def: ResourceDef, spec: RouteSpec): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(spec.query ?? {}).map(([param, fieldName]) => {
      const field = def.fields.find((f) => f.name === fieldName);
      if (!field?.filter) throw new Error(`Resource ${def.path}: query "${param}" names no filterable field`);
      const numeric = field.type === 'integer' || field.type === 'reference';
      const schema = numeric ? idParam : z.string().min(1).max(200);
      // Optional: without it the list is not narrowed by that field.
      return [param, schema.optional().describe(field.label)];
    }),
  );
}

/** The filters a list route always applies, and those its query parameters give. */
function fixedFilters(spec: RouteSpec, query: Record<string, unknown>): Filter[] {
  const fromQuery = Object.entries(spec.query ?? {})
    .filter(([param]) => query[param] !== undefined)
    .map(([param, field]) => ({ field, operator: '=' as const, value: query[param] as string | number }));
  return [...(spec.where ?? []), ...fromQuery];
}

const describeFilter = (def: ResourceDef) => (f: Filter) =>
  `${def.fields.find((d) => d.name === f.field)?.label ?? f.field} ${f.operator} ${String(f.value)}`;
