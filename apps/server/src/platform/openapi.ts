import { Readable } from 'node:stream';
import { apiErrorSchema, impliedErrorStatuses as impliedStatuses } from '@cohort/domain';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access';

/**
 * The OpenAPI document is the truth (issue 6): every route declares its success answer,
 * the error answers its shape implies are added here, and the document carries an
 * operationId per call, no security on public calls and multipart request bodies.
 * The API tests validate every answer they get against it (test/openapi-validator.ts).
 */

/** Error statuses a route declares beyond what its shape implies: `response: { 200: X, ...errors(409, 429) }`. */
export function errors(...statuses: number[]): Record<number, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema]));
}

/**
 * A success answer streamed in a media type other than JSON (a CSV export, a stored
 * file): documented as a string of that type; the handler returns the stream itself.
 */
export function streamed(contentType: string, description: string) {
  const binary = !contentType.startsWith('text/');
  const schema = z
    .custom<Readable>((v) => v instanceof Readable)
    .meta(binary ? { type: 'string', format: 'binary' } : { type: 'string' });
  return { description, content: { [contentType]: { schema } } };
}

type RouteShape = Pick<RouteOptions, 'method' | 'schema'> & { config?: { access?: Access } };

/**
 * The error answers any route of this shape can give, as `defineCall` adds them to a declared
 * call (packages/domain/src/calls/define-call.ts): 500 always; 401 and 403 without a public
 * access; 400 for any input; 413 and 415 for a body; 404 when the path names a record.
 */
export function impliedErrorStatuses(route: RouteShape): number[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return impliedStatuses({
    method: route.method,
    access: route.config?.access,
    params: schema.params,
    query: schema.querystring,
    headers: schema.headers,
    body: schema.body,
  });
}

/**
 * Completes a route's declared responses with the implied error answers, and refuses a
 * route that declares no success answer (as a route without an access declaration is
 * refused): an undeclared answer is one the document would lie about.
 */
export function completeResponses(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  const response = { ...(schema.response ?? {}) };
  if (!Object.keys(response).some((status) => /^2\d\d$/.test(status))) {
    throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no success response`);
  }
  for (const status of impliedErrorStatuses(route as RouteShape)) response[status] ??= apiErrorSchema;
  route.schema = { ...schema, response } as RouteOptions['schema'];
}

/** `POST /admin/role/update/:id` -> `postAdminRoleUpdateById`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? `by-${seg.slice(1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** Multipart calls name their file fields: `config: { multipart: ['image'] }` (default one `image`). */
function multipartBody(fields: readonly string[]) {
  return {
    type: 'object',
    required: [...fields],
    properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', format: 'binary' }])),
  };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { method: string | string[]; url: string; config?: { access?: Access; multipart?: readonly string[] } };
};

/** fastify-type-provider-zod's transform, plus what the zod schemas cannot say. */
export function transformRoute(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const { route } = input;
  const schema = { ...(out.schema as Record<string, unknown>) };
  if (schema.hide) return out;
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  schema.operationId = operationIdOf(method, route.url);
  if (route.config?.access === 'public') schema.security = [];
  const consumes = schema.consumes as string[] | undefined;
  if (consumes?.includes('multipart/form-data')) schema.body = multipartBody(route.config?.multipart ?? ['image']);
  return { schema, url: out.url };
}

/**
 * The document: the zod registry's components (only those an operation uses: the
 * registry also yields an input twin of every schema) and the server.
 */
export function transformDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input) as Record<string, unknown> & {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = doc.components?.schemas;
  if (schemas) {
    // Keep what the operations reference, and what those reference in turn.
    const refsIn = (value: unknown) =>
      [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    const keep = new Set(refsIn({ ...doc, components: { ...doc.components, schemas: {} } }));
    for (const name of keep) for (const ref of refsIn(schemas[name])) keep.add(ref);
    for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
  }
  const servers = [{ url: '/', description: 'This server: the API and the console share one origin' }];
  return { ...doc, servers } as ReturnType<typeof jsonSchemaTransformObject>;
}
