import {
  type Call,
  type CallAnswer,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallSpec,
  pathOf,
  type ResourceDef,
  type RouteName,
  type RouteSpec,
  routesOf,
  routeUrl,
  staffCall,
} from '@cohort/domain';
import {
  apiRequest,
  type CallProgress,
  type DownloadProgress,
  downloadFile,
  postWithProgress,
  type QueryValue,
  type RequestOptions,
  uploadFile,
} from './api-client';

/**
 * The console's one client for declared calls (decision 033): the method and path come from the
 * declaration in packages/domain/src/calls/, the body, query and path parameters are typed from
 * its schemas (as the caller writes them), the answer from its success answer (as the wire
 * carries it). The request machinery (token header, page_num, errors, impersonation,
 * timeouts) is api-client.ts's. Engine resources' calls are built from their ResourceDef
 * (`engineUrl` below, over `staffCall` and `routeUrl`).
 */

/** A query or path value as the caller has it: ids may be numbers, the wire carries text. */
type Loose<T> = { [K in keyof T]: Exclude<T[K], undefined> extends string ? T[K] | number : T[K] };
type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type CallInput<C extends CallSpec> = Slot<'body', CallBody<C>> &
  Slot<'query', Loose<CallQuery<C>>> &
  Slot<'params', Loose<CallParams<C>>>;

export type CallOptions<C extends CallSpec> = CallInput<C> & Omit<RequestOptions, 'method' | 'body' | 'query'>;

type Input = { body?: unknown; query?: unknown; params?: unknown };

/** The URL of a call: its path with the parameters filled in. */
export function callPath<C extends CallSpec>(call: C, params?: Loose<CallParams<C>>): string {
  return pathOf(call, params as Record<string, string | number> | undefined);
}

function requestOf(call: CallSpec, opts: Input & Omit<RequestOptions, 'method' | 'body' | 'query'>) {
  const { body, query, params, ...rest } = opts;
  const path = callPath(call, params as never);
  const request: RequestOptions = { ...rest, method: call.method, query: query as Record<string, QueryValue> };
  // A call with a body sends one ({} when it has nothing to say); DELETE without a declared body sends none.
  if (body !== undefined) request.body = body;
  else if (call.method === 'POST' || call.method === 'PUT') request.body = {};
  return { path, request };
}

/** Makes a declared call; answers its success answer. */
export function call<C extends Call>(
  c: C,
  // biome-ignore lint/complexity/noBannedTypes: a call whose inputs are all optional takes no options
  ...[opts]: {} extends CallInput<C> ? [CallOptions<C>?] : [CallOptions<C>]
): Promise<CallAnswer<C>>;
export function call<C extends Call>(c: C, opts?: CallOptions<C>): Promise<CallAnswer<C>> {
  const { path, request } = requestOf(c, (opts ?? {}) as Input);
  return apiRequest<CallAnswer<C>>(path, request);
}

/** A long declared call (`progressOf` answer), reporting its progress (decision 024). */
export function callWithProgress<C extends Call>(
  c: C,
  opts: CallOptions<C>,
  onProgress: (p: CallProgress) => void,
): Promise<CallAnswer<C>> {
  const { path, request } = requestOf(c, opts as Input);
  const { body, method: _method, ...rest } = request;
  return postWithProgress<CallAnswer<C>>(path, body, onProgress, rest);
}

/** A declared multipart call: one file under the call's (first) file field. */
export function uploadCall<C extends Call>(
  c: C,
  file: File,
  opts: Pick<CallOptions<C>, 'query' | 'params'> &
    Pick<RequestOptions, 'silent' | 'timeoutMs'> & { onProgress?: (fraction: number) => void },
): Promise<CallAnswer<C>> {
  const { query, params, ...rest } = opts as Input & typeof opts;
  const path = callPath(c, params as never);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (v !== undefined && v !== null) search.set(k, String(v));
  }
  const url = search.size ? `${path}?${search}` : path;
  return uploadFile<CallAnswer<C>>(url, c.multipart?.[0] ?? 'file', file, rest);
}

/** A declared call that answers a file: fetched with the token header. */
export function downloadCall<C extends Call>(
  c: C,
  opts: CallOptions<C> & { onProgress?: (p: DownloadProgress) => void },
): Promise<{ blob: Blob; filename?: string }> {
  const { path, request } = requestOf(c, opts as Input);
  return downloadFile(path, { ...request, method: 'GET', body: undefined, onProgress: opts.onProgress });
}

/**
 * The URL of an engine resource's call, from its ResourceDef: its first staff route of that
 * name (`staffCall`), or the one `pick` chooses among several (a second list such as the
 * placement queue).
 */
export function engineUrl(
  def: Pick<ResourceDef, 'path' | 'routes'>,
  name: RouteName,
  opts: { id?: string | number; pick?: (route: RouteSpec) => boolean } = {},
): string {
  if (!opts.pick) return staffCall(def, name, opts.id).url;
  const route = routesOf(def, name).find(opts.pick);
  if (!route) throw new Error(`${def.path} has no ${name} route of that kind`);
  return routeUrl(def, route, opts.id);
}
