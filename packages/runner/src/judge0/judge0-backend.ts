import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { languageById } from '../languages';
import {
  isFinal,
  LIMIT_FIELDS,
  type RunnerBackend,
  RunnerError,
  type SubmissionRequest,
  type SubmissionResult,
} from '../types';

export type Judge0BackendOptions = {
  /** Base URL of the Judge0 CE server, e.g. http://judge0:2358 (a path prefix is kept). */
  url: string;
  /** Sent in `authHeader` on every request when set (Judge0's AUTHN_TOKEN). */
  authToken?: string;
  /** Judge0's AUTHN_HEADER; X-Auth-Token unless the server was configured otherwise. */
  authHeader?: string;
  /** Pause between polls in `waitFor`. */
  pollIntervalMs?: number;
  /** Limit for each HTTP request; past it the server counts as unavailable. */
  timeoutMs?: number;
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export type Judge0Backend = RunnerBackend & {
  readonly name: 'judge0';
  /** Polls `status` every `pollIntervalMs` until a final status (Accepted and above). */
  waitFor(token: string, options?: { deadlineMs?: number }): Promise<SubmissionResult>;
};

export const DEFAULT_AUTH_HEADER = 'X-Auth-Token';
const DEFAULT_POLL_INTERVAL_MS = 500;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_DEADLINE_MS = 60_000;

/** Asked of Judge0 on every poll: exactly what `SubmissionResult` carries, nothing heavier (no source). */
export const RESULT_FIELDS =
  'token,status,stdout,stderr,compile_output,message,time,wall_time,memory,exit_code,exit_signal';

// Judge0 answers base64 text wrapped at 60 columns (Ruby's Base64.encode64); Buffer ignores the newlines.
const base64Text = z
  .string()
  .nullish()
  .transform((s) => (s == null ? null : Buffer.from(s, 'base64').toString('utf8')));
const seconds = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((t) => (t == null ? null : String(t)));
const integer = z
  .number()
  .nullish()
  .transform((n) => n ?? null);

const judge0Result = z.object({
  token: z.string(),
  status: z.object({ id: z.number().int(), description: z.string() }),
  stdout: base64Text,
  stderr: base64Text,
  compile_output: base64Text,
  message: base64Text,
  time: seconds,
  wall_time: seconds,
  memory: integer,
  exit_code: integer,
  exit_signal: integer,
});

const judge0Created = z.object({ token: z.string().min(1) });

/** Reads JUDGE0_URL / JUDGE0_AUTH_TOKEN / JUDGE0_AUTH_HEADER; null when no Judge0 is configured. */
export function judge0OptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): Judge0BackendOptions | null {
  const url = env.JUDGE0_URL?.trim();
  if (!url) return null;
  return {
    url,
    authToken: env.JUDGE0_AUTH_TOKEN?.trim() || undefined,
    authHeader: env.JUDGE0_AUTH_HEADER?.trim() || undefined,
  };
}

export function createJudge0Backend(options: Judge0BackendOptions): Judge0Backend {
  const base = parseBaseUrl(options.url);
  const authHeader = options.authHeader ?? DEFAULT_AUTH_HEADER;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch;
  // close() aborts whatever is in flight, including a waitFor between polls.
  const lifetime = new AbortController();

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    if (lifetime.signal.aborted) throw new RunnerError('UNAVAILABLE', 'The Judge0 backend is closed');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.authToken) headers[authHeader] = options.authToken;
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([lifetime.signal, AbortSignal.timeout(timeoutMs)]),
      });
      text = await res.text();
    } catch (err) {
      throw unreachable(err, base, timeoutMs, lifetime.signal.aborted);
    }
    return { status: res.status, json: parseJson(text), text };
  }

  async function submit(req: SubmissionRequest): Promise<{ token: string }> {
    languageById(req.language_id); // UNKNOWN_LANGUAGE before any HTTP
    const answer = await request('POST', '/submissions?base64_encoded=true&wait=false', toJudge0Body(req));
    if (answer.status !== 201 && answer.status !== 200) throw refusal(answer, 'submit');
    const created = judge0Created.safeParse(answer.json);
    if (!created.success) throw unexpected(answer);
    return { token: created.data.token };
  }

  async function status(token: string): Promise<SubmissionResult> {
    // An empty token would hit GET /submissions (the admin listing), not a submission.
    if (!token.trim()) throw new RunnerError('NOT_FOUND', 'No submission with an empty token');
    const path = `/submissions/${encodeURIComponent(token)}?base64_encoded=true&fields=${RESULT_FIELDS}`;
    const answer = await request('GET', path);
    if (answer.status === 404) throw new RunnerError('NOT_FOUND', `Judge0 has no submission ${token}`);
    if (answer.status !== 200) throw refusal(answer, 'status');
    const parsed = judge0Result.safeParse(answer.json);
    if (!parsed.success) throw unexpected(answer);
    return parsed.data;
  }

  async function waitFor(token: string, { deadlineMs = DEFAULT_DEADLINE_MS } = {}): Promise<SubmissionResult> {
    const giveUpAt = Date.now() + deadlineMs;
    for (;;) {
      const result = await status(token);
      if (isFinal(result.status)) return result;
      if (Date.now() + pollIntervalMs > giveUpAt) {
        throw new RunnerError(
          'UNAVAILABLE',
          `Judge0 did not finish submission ${token} within ${deadlineMs} ms (still ${result.status.description})`,
        );
      }
      try {
        await sleep(pollIntervalMs, undefined, { signal: lifetime.signal });
      } catch {
        throw new RunnerError('UNAVAILABLE', 'The Judge0 backend was closed while waiting');
      }
    }
  }

  return {
    name: 'judge0',
    submit,
    status,
    waitFor,
    async close() {
      lifetime.abort();
    },
  };
}

type Answer = { status: number; json: unknown; text: string };

/** Judge0's create body: text fields base64 (non-ASCII and newlines survive), limits only when set. */
export function toJudge0Body(req: SubmissionRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    language_id: req.language_id,
    source_code: toBase64(req.source_code),
  };
  if (req.stdin != null) body.stdin = toBase64(req.stdin);
  if (req.expected_output != null) body.expected_output = toBase64(req.expected_output);
  for (const key of LIMIT_FIELDS) {
    if (req[key] !== undefined) body[key] = req[key];
  }
  return body;
}

function toBase64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function parseBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`Judge0 URL is not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`Judge0 URL must be http or https: ${url}`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refusal(answer: Answer, action: 'submit' | 'status'): RunnerError {
  const detail = judge0ErrorText(answer);
  switch (answer.status) {
    case 401:
    case 403:
      return new RunnerError('UNAVAILABLE', 'Judge0 refused the credentials');
    case 400:
    case 422:
      return new RunnerError('BAD_REQUEST', detail ?? `Judge0 rejected the ${action} request (${answer.status})`);
    case 503:
      // Only submissions queue; a 503 on a poll is a proxy or an outage, not a full queue.
      if (action === 'submit') return new RunnerError('BUSY', `Judge0 is busy: ${detail ?? 'queue is full'}`);
      return new RunnerError('UNAVAILABLE', `Judge0 is unavailable (503)${detail ? `: ${detail}` : ''}`);
    default:
      return new RunnerError('UNAVAILABLE', `Judge0 answered ${answer.status}${detail ? `: ${detail}` : ''}`);
  }
}

/** Judge0 answers `{ error: "..." }` or, on validation, Rails' `{ field: ["message", ...] }`. */
function judge0ErrorText({ json, text }: Answer): string | null {
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const record = json as Record<string, unknown>;
    if (typeof record.error === 'string') return record.error;
    const parts = Object.entries(record).map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`,
    );
    if (parts.length > 0) return parts.join('; ');
  }
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, 200) : null;
}

function unexpected(answer: Answer): RunnerError {
  return new RunnerError(
    'UNAVAILABLE',
    `Judge0 answered ${answer.status} with an unexpected body: ${answer.text.slice(0, 200)}`,
  );
}

function unreachable(err: unknown, base: string, timeoutMs: number, closed: boolean): RunnerError {
  if (closed) return new RunnerError('UNAVAILABLE', 'The Judge0 backend was closed during the request');
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new RunnerError('UNAVAILABLE', `Judge0 at ${base} did not answer within ${timeoutMs} ms`);
  }
  // undici hides the socket error (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const why =
    cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : cause instanceof Error
        ? cause.message
        : String(cause);
  return new RunnerError('UNAVAILABLE', `Judge0 at ${base} is unreachable: ${why}`);
}
