import { type ApiError, type ApiIssue, type ErrorCode, STALE_VERSION_MESSAGE } from '@cohort/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { backendErrors } from '../db/schema';
import { appErrorFromDatabase, cleanText, describeError } from './db-errors';

/** A failure the caller can act on; anything else becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers?: Record<string, string>,
    /** Fields the answer carries beyond message and code (declared in the route's answer), e.g. a refused move's `allowed`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiIssue[]) => new AppError(400, 'BAD_REQUEST', message, issues);
export const unauthorized = (message = 'Please log in') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const staleVersion = () => conflict(STALE_VERSION_MESSAGE);

/** Request parts by the words a person knows them by (query and header names are the spec's). */
const PART_NAMES: Record<string, string> = {
  page_size: 'Rows per page',
  page_num: 'Page number',
  filters: 'Filters',
  sort: 'Sort order',
  id: 'Record number',
  q: 'Search',
};

/** `publishedAt` -> "Published at", `page_size` -> "Rows per page". */
export function partName(key: string | number): string {
  if (typeof key === 'number') return `Item ${key + 1}`;
  if (PART_NAMES[key]) return PART_NAMES[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The message of a 400 with issues, for the toast: the first issue with what it is about
 * ("Rows per page: Must be a whole number from 1 to 100"), never "Invalid querystring".
 */
export function summariseIssues(issues: readonly ApiIssue[], where?: string): string {
  const first = issues[0];
  if (!first) return 'Something in this request is not valid';
  const key = first.path.find((p) => typeof p === 'string') ?? first.path[0];
  const about = key === undefined ? '' : `${partName(key)}: `;
  const more =
    issues.length > 1 ? ` (and ${issues.length - 1} more ${issues.length === 2 ? 'problem' : 'problems'})` : '';
  const lead =
    where === 'querystring' || where === 'headers' || where === 'params' ? 'This link or request cannot be used. ' : '';
  return `${lead}${about}${first.message}${more}`;
}

export function zodIssues(err: ZodError): ApiIssue[] {
  return err.issues.flatMap((i) => {
    const path = i.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: [...path, k], message: 'Unknown field' }));
    return [{ path, message: i.message }];
  });
}

/** Parses with a zod schema, answering 400 with field-level issues on failure. */
export function parseOr400<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
  message?: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issues = zodIssues(r.error);
    throw badRequest(message ?? summariseIssues(issues), issues);
  }
  return r.data;
}

/** Each call takes one type of body (issue 16, finding 8; platform/content-types.ts). */
const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';

/** The type a route's body must have: multipart for uploads, JSON for anything with a body schema. */
export function acceptedBodyType(request: FastifyRequest): typeof JSON_TYPE | typeof MULTIPART_TYPE | undefined {
  const schema = request.routeOptions.schema as { consumes?: string[]; body?: unknown } | undefined;
  if (schema?.consumes?.includes(MULTIPART_TYPE)) return MULTIPART_TYPE;
  if (schema?.body) return JSON_TYPE;
  return undefined;
}

/** The 415 for a body this route does not take, in the words of the uploads' own refusal. */
export function unsupportedBody(request: FastifyRequest): AppError {
  if (acceptedBodyType(request) === MULTIPART_TYPE) {
    const noun = request.routeOptions.config?.multipart?.[0] === 'file' ? 'file' : 'image';
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${noun} as ${MULTIPART_TYPE}`);
  }
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the details as JSON (Content-Type: ${JSON_TYPE})`);
}

/** Sets the status and answers the body for Fastify to send (returning the reply itself from an async handler would make it a thenable). */
function send(reply: { code(n: number): unknown }, status: number, body: ApiError): ApiError {
  reply.code(status);
  return body;
}

/**
 * Logs and stores a server fault without what it carried: a failed query's bound values
 * never reach the log or `backend_errors` (describeError), and what is stored is cleaned
 * of NUL so the record itself can be written.
 */
export async function recordServerError(request: FastifyRequest, error: unknown): Promise<void> {
  const { message, stack } = describeError(error);
  request.log.error({ err: { message, stack } }, 'unhandled error');
  try {
    await request.server.db.insert(backendErrors).values({
      method: request.method,
      url: cleanText(request.url).slice(0, 2000),
      message: message.slice(0, 2000),
      stack: stack?.slice(0, 20_000) ?? null,
      userId: request.actor?.user.id ?? null,
      requestId: request.id,
    });
  } catch (logErr) {
    request.log.error({ err: describeError(logErr) }, 'could not record the error');
  }
}

type ErrorAnswer = { status: number; body: ApiError; headers?: Record<string, string> };
const answer = (status: number, body: ApiError): ErrorAnswer => ({ status, body });

/**
 * What a failure is answered with: its status, body and headers. A fault (and a value the
 * database refused that validation let through) is recorded. The error handler sends it; a call
 * that has already begun its answer (a progress stream, decision 024) writes it as its last line.
 */
export async function errorAnswer(error: unknown, request: FastifyRequest): Promise<ErrorAnswer> {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
        ...error.extra,
      } as ApiError,
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const issues: ApiIssue[] = error.validation.flatMap((v) => {
      const path = v.instancePath.split('/').filter(Boolean);
      const keys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : undefined;
      if (keys?.length) return keys.map((k) => ({ path: [...path, k], message: 'Unknown field' }));
      return [{ path, message: v.message ?? 'This value is not valid' }];
    });
    return answer(400, { message: summariseIssues(issues, where), code: 'BAD_REQUEST', issues });
  }
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return answer(400, { message: summariseIssues(issues), code: 'BAD_REQUEST', issues });
  }
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return answer(413, { message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errorAnswer(unsupportedBody(request), request);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer(400, { message: 'The body is not valid JSON', code: 'BAD_REQUEST' });
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 400 && error instanceof SyntaxError) {
      return answer(400, { message: 'The body is not valid JSON', code: 'BAD_REQUEST' });
    }
    const byStatus: Record<number, ErrorCode> = {
      401: 'UNAUTHORIZED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'TOO_MANY_REQUESTS',
    };
    const code: ErrorCode = byStatus[fe.statusCode] ?? 'BAD_REQUEST';
    return answer(fe.statusCode, { message: fe.message, code });
  }
  const fromDatabase = appErrorFromDatabase(error);
  if (fromDatabase) {
    // A value the database refused that validation let through is still recorded: it shows a gap to close.
    if (fromDatabase.statusCode === 400) await recordServerError(request, error);
    return answer(fromDatabase.statusCode, { message: fromDatabase.message, code: fromDatabase.code });
  }
  await recordServerError(request, error);
  return answer(500, { message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' });
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError | ZodError, request, reply) => {
    const { status, body, headers } = await errorAnswer(error, request);
    if (headers) reply.headers(headers);
    return send(reply, status, body);
  });
}
