import { AUTH_PATHS } from '@cohort/domain/calls/auth-paths';
import { REQUEST_TIMEOUT_MS } from '@cohort/domain/enums';
import { type ApiIssue, MESSAGES } from '@cohort/domain/errors';
import { currentImpersonation, restoreAdminSession } from './impersonation';
import { notifyError } from './notify';
import { currentHref, loginHref, returnPathOf } from './return-path';
import { appStore, clearSession } from './store';

/** A failed call. `status` is 0 when no response arrived (network error or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly issues?: ApiIssue[];
  readonly retryAfter?: number;

  constructor(
    status: number,
    message: string,
    extra: { code?: string; issues?: ApiIssue[]; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = extra.code;
    this.issues = extra.issues;
    this.retryAfter = extra.retryAfter;
  }

  /** Server issues by field name (path[0]), first message per field. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues ?? []) {
      const key = issue.path[0];
      if (key !== undefined && out[String(key)] === undefined) out[String(key)] = issue.message;
    }
    return out;
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** 1-based page, sent as header `page_num`. */
  page?: number;
  /** Token to send instead of the stored one (the limited token of the 2FA step). */
  token?: string | null;
  /** No toasts, no logout: used to report front-end errors. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Calls that are part of logging in: a 401/403 there is a wrong credential, not an expired session. */
export function isLoginCall(path: string): boolean {
  return [AUTH_PATHS.login, AUTH_PATHS.loginStaff, AUTH_PATHS.verify2FA, AUTH_PATHS.verifyBackupCode].some((p) =>
    path.startsWith(p),
  );
}

export function isLogoutCall(path: string): boolean {
  return path.startsWith(AUTH_PATHS.logoutStaff);
}

/**
 * Logs out locally: clears all local storage, drops the token and goes to the root path, whose
 * `?next=` keeps the page for the login after it (decision 036) unless `keepPlace` is false.
 */
export function logoutLocally({ keepPlace = true }: { keepPlace?: boolean } = {}): void {
  const here = keepPlace ? returnPathOf(currentHref()) : null;
  clearSession(appStore);
  appStore.getState().requestRedirect(loginHref(here));
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function headersFor(opts: RequestOptions, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = opts.token !== undefined ? opts.token : appStore.getState().token;
  if (token) headers.token = token;
  if (opts.page !== undefined) headers.page_num = String(opts.page);
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

type ErrorBody = { message?: string; code?: string; issues?: ApiIssue[] };

/** Said when an answer carries no message (a proxy's page, an empty body): never "Request failed (502)". */
function fallbackMessage(status: number): string {
  if (status === 0) return MESSAGES.noConnection;
  if (status === 413) return 'That is too large to send. Try a smaller file or less text.';
  if (status === 429) return 'Too many attempts. Wait a moment and try again.';
  if (status === 404) return 'That page or record does not exist.';
  if (status === 409) return 'Someone else changed this at the same time. Reload and try again.';
  return 'That could not be done. Try again, and if it keeps failing tell an administrator.';
}

/**
 * The error catalogue of spec §8: shows the toast, applies the session rules and
 * returns the error to throw.
 */
export function handleFailure(
  path: string,
  status: number,
  body: ErrorBody | null,
  opts: Pick<RequestOptions, 'silent' | 'token'> = {},
  retryAfter?: number,
): ApiError {
  const message = body?.message || fallbackMessage(status);
  const error = new ApiError(status, message, { code: body?.code, issues: body?.issues, retryAfter });
  if (opts.silent) return error;

  const login = isLoginCall(path);
  const logout = isLogoutCall(path);
  // Only a session that existed can expire: a wrong password is a wrong credential.
  const hadSession = Boolean(opts.token !== undefined ? opts.token : appStore.getState().token);
  if (status === 0) {
    notifyError(MESSAGES.noConnection);
  } else if (status >= 500) {
    notifyError(MESSAGES.serverError);
  } else if (status === 403 && body?.code === 'PASSWORD_CHANGE_REQUIRED') {
    // Not a lost session: the console shows its "Choose a new password" screen (decision 028).
    const user = appStore.getState().user;
    if (user) appStore.getState().setUser({ ...user, mustChangePassword: true });
  } else if (
    (status === 401 || status === 403) &&
    !login &&
    !logout &&
    opts.token === undefined &&
    currentImpersonation()
  ) {
    // The impersonation token ended (its 15 minutes, a stop elsewhere) or reached past the
    // learner: the admin's own session is still theirs, so they go back to it, not out.
    const ended = restoreAdminSession();
    notifyError('The impersonation has ended. You are back in your own session.');
    appStore.getState().requestRedirect(ended ? `/learners/${ended.learner.id}` : '/');
  } else if (status === 401 || status === 403) {
    if (status === 401 && !logout && !login && hadSession) appStore.getState().setSessionExpired(true);
    if (!login && !logout) {
      notifyError(MESSAGES.tokenExpired);
      // An expired session comes back to its page; a refusal (403) says the page is not this
      // person's, and returning there after the next login would only refuse again.
      logoutLocally({ keepPlace: status === 401 });
    } else if (login) {
      notifyError(message);
    }
  } else if (status === 404) {
    notifyError(message);
    appStore.getState().requestRedirect('/');
  } else {
    notifyError(message);
  }
  return error;
}

async function readErrorBody(res: Response): Promise<ErrorBody | null> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as ErrorBody) : null;
  } catch {
    return null;
  }
}

function retryAfterOf(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Runs fetch with the spec's 200000 ms timeout; an abort by the caller is passed through untouched. */
async function send(path: string, init: RequestInit, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(path, { ...init, signal: controller.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw handleFailure(path, 0, null, opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function checked(path: string, res: Response, opts: RequestOptions): Promise<Response> {
  if (res.ok) return res;
  const body = await readErrorBody(res);
  throw handleFailure(path, res.status, body, opts, retryAfterOf(res.headers.get('Retry-After')));
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const hasBody = opts.body !== undefined;
  const url = buildUrl(path, opts.query);
  const res = await checked(
    path,
    await send(
      url,
      {
        method: opts.method ?? 'GET',
        headers: headersFor(opts, hasBody),
        body: hasBody ? JSON.stringify(opts.body) : undefined,
      },
      opts,
    ),
    opts,
  );
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, opts),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE', body }),
};

/** A long call's report: `done` of `total` (decision 024). */
export type CallProgress = { done: number; total: number };

/**
 * POSTs a long call asking for its progress (`Accept: application/x-ndjson`): each
 * `{done, total}` line goes to `onProgress`, the `{result}` line is the answer, an `{error,
 * status}` line fails the call as that error would have. A server that answers plain JSON (an
 * error before the work began, or a call without progress) is read as usual.
 */
export async function postWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (p: CallProgress) => void,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const headers = { ...headersFor(opts, true), Accept: 'application/x-ndjson, application/json' };
  const res = await checked(
    path,
    await send(buildUrl(path, opts.query), { method: 'POST', headers, body: JSON.stringify(body ?? {}) }, opts),
    opts,
  );
  if (!(res.headers.get('Content-Type') ?? '').includes('application/x-ndjson') || !res.body) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw handleFailure(path, 0, null, opts);
    }
    pending += decoder.decode(chunk.value, { stream: !chunk.done });
    const lines = pending.split('\n');
    pending = chunk.done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.trim()) continue;
      const value = JSON.parse(line) as CallProgress | { result: T } | { error: ErrorBody; status: number };
      if ('result' in value) return value.result;
      if ('error' in value) throw handleFailure(path, value.status, value.error, opts);
      opts.signal?.throwIfAborted();
      onProgress(value);
    }
    // The stream ended without its result: the connection broke.
    if (chunk.done) throw handleFailure(path, 0, null, opts);
  }
}

/** Bytes received (of `total` when the server says), and the CSV lines among them (CRLF-ended). */
export type DownloadProgress = { loaded: number; total?: number; lines?: number };

/** Fetches a file (CSV export) with the token header, reporting bytes received. */
export async function downloadFile(
  path: string,
  opts: RequestOptions & { onProgress?: (p: DownloadProgress) => void } = {},
): Promise<{ blob: Blob; filename?: string }> {
  const url = buildUrl(path, opts.query);
  const res = await checked(path, await send(url, { method: 'GET', headers: headersFor(opts, false) }, opts), opts);
  const total = Number(res.headers.get('Content-Length')) || undefined;
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  if (!res.body) return { blob: await res.blob(), filename };
  const reader = res.body.getReader();
  // Cancelling after the headers came stops the body too (the server ends its export).
  const cancel = () => void reader.cancel().catch(() => {});
  opts.signal?.addEventListener('abort', cancel);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  let lines = 0;
  let lastCR = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (opts.signal?.aborted) throw new DOMException('The download was cancelled', 'AbortError');
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      loaded += value.byteLength;
      // Rows end in CRLF (RFC 4180); a pair may be split between two chunks.
      for (let i = 0; i < value.length; i++) {
        if (value[i] === 10 && (i > 0 ? value[i - 1] === 13 : lastCR)) lines++;
      }
      lastCR = value[value.length - 1] === 13;
      opts.onProgress?.({ loaded, total, lines });
    }
  } catch (err) {
    if (opts.signal?.aborted) throw err instanceof DOMException ? err : new DOMException('Cancelled', 'AbortError');
    throw handleFailure(path, 0, null, opts);
  } finally {
    opts.signal?.removeEventListener('abort', cancel);
  }
  return { blob: new Blob(chunks, { type }), filename: filename ? decodeURIComponent(filename) : undefined };
}

/** Saves a blob through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Multipart upload of one file through XMLHttpRequest, for upload progress (fetch has none).
 * Same headers, timeout and error catalogue as every other call.
 */
export function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  opts: Pick<RequestOptions, 'silent' | 'timeoutMs'> & { onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
    for (const [k, v] of Object.entries(headersFor({}, false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          handleFailure(
            path,
            xhr.status,
            body as ErrorBody | null,
            opts,
            retryAfterOf(xhr.getResponseHeader('Retry-After')),
          ),
        );
    };
    xhr.onerror = () => reject(handleFailure(path, 0, null, opts));
    xhr.ontimeout = () => reject(handleFailure(path, 0, null, opts));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
