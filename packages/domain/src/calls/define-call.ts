import { z } from 'zod';
import type { Action, PermissionResource } from '../permissions';
import type { ResourceDef } from '../resource';
import { apiErrorSchema, decimalInt } from '../wire';

/**
 * Every call that is not an engine resource's is declared once, here under `calls/`, next to
 * its schemas (decision 033): method, the spec's path, who may make it, what it takes and every
 * answer it can give by status. The server registers its route from the declaration
 * (`registerCall` in apps/server/src/platform/register-call.ts), the console calls it through
 * one typed client (`call` in apps/web/src/lib/call.ts) and the console's tests stub its answer
 * through a helper that parses the stub with the declared schema. Engine resources keep
 * deriving their calls from their `ResourceDef` (`routesOf`, `staffCall`, `routeUrl`).
 */

/** Who may make a call: the same values the server's `config.access` takes (platform/access.ts). */
export type CallAccess =
  | 'public'
  | 'session'
  | 'staff'
  | {
      resource: PermissionResource;
      action: Action;
      allowPending2FA?: false;
      /** A request without a token may bring a ticket of this context instead (platform/tickets.ts). */
      ticket?: string;
    }
  | { staff: true; allowPending2FA: true };

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The console's view of an engine record: any fields, always an id. */
export type ApiRecord = Record<string, unknown> & { id: number; version?: number };

/**
 * An answer that is a record of an engine resource (or a page of them): its schema is built by
 * the server from the resource's table at start, so the declaration names the resource.
 */
export interface RecordAnswer<R extends Pick<ResourceDef, 'path' | 'fields'> = Pick<ResourceDef, 'path' | 'fields'>> {
  readonly kind: 'record' | 'records';
  readonly resource: R;
}
export function recordOf<R extends Pick<ResourceDef, 'path' | 'fields'>>(
  resource: R,
): RecordAnswer<R> & { kind: 'record' } {
  return { kind: 'record', resource };
}
/** `{ data, totalItems }` of records of a resource. */
export function recordsOf<R extends Pick<ResourceDef, 'path' | 'fields'>>(
  resource: R,
): RecordAnswer<R> & { kind: 'records' } {
  return { kind: 'records', resource };
}

/** An answer that is a file in one of these media types (the server streams it). */
export interface FileAnswer {
  readonly kind: 'file';
  readonly contentTypes: readonly string[];
  readonly description: string;
}
export function fileOf(contentTypes: readonly string[], description: string): FileAnswer {
  return { kind: 'file', contentTypes, description };
}

/** A long call's answer: its JSON result, or asked with `Accept: application/x-ndjson` its progress lines (decision 024). */
export interface ProgressAnswer<T extends z.ZodType = z.ZodType> {
  readonly kind: 'progress';
  readonly result: T;
  readonly line: z.ZodType;
  readonly description: string;
}
export function progressOf<T extends z.ZodType>(result: T, line: z.ZodType, description: string): ProgressAnswer<T> {
  return { kind: 'progress', result, line, description };
}

export type Answer = z.ZodType | RecordAnswer | FileAnswer | ProgressAnswer;

/** The value an answer carries on the wire, as the console reads it (a codec's encoded side: dates as ISO text). */
export type AnswerValue<A> = A extends z.ZodType
  ? z.input<A>
  : A extends { kind: 'record' }
    ? ApiRecord
    : A extends { kind: 'records' }
      ? { data: ApiRecord[]; totalItems: number }
      : A extends ProgressAnswer<infer T>
        ? z.input<T>
        : A extends FileAnswer
          ? Blob
          : never;

/** The value a server handler returns for an answer (decoded: the serializer encodes it through the schema). */
export type AnswerInput<A> = A extends z.ZodType
  ? z.output<A>
  : A extends RecordAnswer
    ? Record<string, unknown>
    : A extends ProgressAnswer<infer T>
      ? z.output<T>
      : unknown;

/** Lists take the page in the `page_num` header (spec §7), 1-based. Other headers pass through. */
export const PAGE_NUM_MAX = 1_000_000;
export const pageHeadersSchema = z.looseObject({ page_num: decimalInt({ min: 1, max: PAGE_NUM_MAX }).optional() });

export interface CallSpec {
  readonly method: CallMethod;
  /** The spec's path, `:name` for path parameters. */
  readonly path: string;
  readonly access: CallAccess;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Headers it reads (`pageHeadersSchema` for paged lists). */
  readonly headers?: z.ZodType;
  /** Multipart calls name their file fields; they take no JSON body. */
  readonly multipart?: readonly string[];
  /** Open to a session whose user must still change a password someone else chose (decision 028). */
  readonly beforePasswordChange?: true;
  /** The success answers by status (2xx, 304). */
  readonly answers: Readonly<Record<number, Answer>>;
  /** The errors it gives beyond those its shape implies (which `defineCall` adds). */
  readonly errors?: readonly number[];
  /** An answer for an error status other than the plain `{ message, code, issues? }` (the ISA's 409). */
  readonly errorAnswers?: Readonly<Record<number, z.ZodType>>;
}

export type Call<S extends CallSpec = CallSpec> = S & {
  /** Every answer by status: the successes, the declared errors and those the call's shape implies. */
  readonly responses: Readonly<Record<number, Answer>>;
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers any call of this shape can give: 500 always; 401 and 403 (a wrong role,
 * or a session owing its 2FA code) without a public access; 400 for any input; 413 and 415
 * for anything that takes a body (the size limit and content types); 404 when the path names
 * a record. The server adds the same to engine routes (platform/openapi.ts).
 */
export function impliedErrorStatuses(shape: {
  method: string | readonly string[];
  access?: CallAccess;
  params?: unknown;
  query?: unknown;
  headers?: unknown;
  body?: unknown;
}): number[] {
  const statuses = new Set<number>([500]);
  if (shape.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if ([shape.method].flat().some((m) => BODY_METHODS.has(m))) for (const s of [400, 413, 415]) statuses.add(s);
  if (shape.query || shape.params || shape.headers || shape.body) statuses.add(400);
  if (shape.params) statuses.add(404);
  return [...statuses].sort();
}

/** Declares a call; its `responses` are completed with every error it can give. */
export function defineCall<const S extends CallSpec>(spec: S): Call<S> {
  if (!Object.keys(spec.answers).some((s) => /^2\d\d$/.test(s))) {
    throw new Error(`Call ${spec.method} ${spec.path} declares no success answer`);
  }
  const responses: Record<number, Answer> = { ...spec.answers };
  for (const status of [...(spec.errors ?? []), ...impliedErrorStatuses(spec)]) responses[status] ??= apiErrorSchema;
  for (const [status, schema] of Object.entries(spec.errorAnswers ?? {})) responses[Number(status)] = schema;
  return { ...spec, responses };
}

/** The success answer of a call the console reads (the first 2xx declared). */
export type SuccessAnswer<C extends CallSpec> = {
  [K in keyof C['answers']]: K extends 200 | 201 | 202 | 206 ? C['answers'][K] : never;
}[keyof C['answers']];

export type CallAnswer<C extends CallSpec> = AnswerValue<SuccessAnswer<C>>;
/** What the caller sends, as the caller writes it (before defaults and transforms). */
export type CallBody<C extends CallSpec> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
export type CallQuery<C extends CallSpec> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type CallParams<C extends CallSpec> = C['params'] extends z.ZodType ? z.input<C['params']> : undefined;

/** The path with its parameters filled in (each URI-encoded). */
export function pathOf(call: Pick<CallSpec, 'path'>, params?: Record<string, string | number>): string {
  return call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
