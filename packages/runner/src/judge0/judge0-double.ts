/**
 * TEST DOUBLE — not a Judge0 and never runs code. A tiny node:http server that speaks just enough
 * of Judge0 CE's submissions API (1.13) for the Judge0 backend's tests, because no Judge0 server
 * runs in this repository's CI. It is test support: import it only from tests.
 *
 * What it answers:
 * - POST /submissions: `base64_encoded=true|false` (false is Judge0's default), 201 `{ token }` (a uuid);
 *   422 `{ language_id: ["language with id X doesn't exist"] }` for an unknown language; 401 (empty body)
 *   without the configured auth header; 503 `{ error: "queue is full" }` once `queueLimit` submissions
 *   are still unfinished. `wait=true` is refused with 400, as on servers where it is disabled.
 * - GET /submissions/{token}: In Queue on the first poll, Processing on the second, the final result
 *   from the third on; honours `base64_encoded` (Ruby-style base64, wrapped at 60 columns) and `fields`
 *   (default set, `*`, or a list; 400 on an unknown field); 404 `{ error: "Not Found" }` otherwise.
 *
 * The "run" is decided from the source text alone, so tests can ask for each outcome:
 * - contains `COMPILE_ERROR` → Compilation Error (6) with compile_output;
 * - contains `CRASH` → Runtime Error (NZEC) (11), exit_code 1, a stderr;
 * - else stdout is the first `print("...")` literal plus "\n" (JSON string escapes), or stdin echoed
 *   when there is none; Accepted (3) when there is no expected_output or it matches stdout after
 *   Judge0's trimming (trailing whitespace of each line and of the whole), else Wrong Answer (4).
 * Nothing else: no time or memory limits, no TLE/signals, no batch endpoints, no callbacks.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emptyResult, LIMIT_FIELDS, STATUS, type SubmissionResult } from '../types';

/** Judge0 CE's ids for the seven task languages. */
export const JUDGE0_DOUBLE_LANGUAGES = [50, 54, 62, 63, 71, 74, 82] as const;

export type Judge0DoubleOptions = {
  /** When set, every request must carry it in `authHeader` (Judge0's AUTHN_TOKEN), else 401. */
  authToken?: string;
  authHeader?: string;
  /** Unfinished submissions allowed before POST answers 503 (Judge0's MAX_QUEUE_SIZE). */
  queueLimit?: number;
  /** Language ids the server knows; the seven task languages by default. */
  languages?: readonly number[];
};

/** What the double stored for a submission (decoded text), for tests to inspect. */
export type DoubleSubmission = {
  token: string;
  language_id: number;
  source_code: string;
  stdin: string | null;
  expected_output: string | null;
  cpu_time_limit: number | null;
  wall_time_limit: number | null;
  memory_limit: number | null;
  max_processes_and_or_threads: number | null;
  max_file_size: number | null;
  /** GETs answered so far; drives In Queue → Processing → final. */
  polls: number;
  final: FinalResult;
};

type FinalResult = Omit<SubmissionResult, 'token' | 'output_truncated'>;

type Reply = { status: number; body?: unknown };

/** One request as it arrived, so tests can check headers on the wire. */
export type DoubleRequest = { method: string; url: string; headers: IncomingMessage['headers'] };

export type Judge0Double = {
  url: string;
  submissions: Map<string, DoubleSubmission>;
  requests: DoubleRequest[];
  close(): Promise<void>;
};

const POLLS_BEFORE_FINAL = 2;
const TEXT_FIELDS = new Set([
  'source_code',
  'stdin',
  'expected_output',
  'stdout',
  'stderr',
  'compile_output',
  'message',
]);
const DEFAULT_FIELDS = ['token', 'time', 'memory', 'stdout', 'stderr', 'compile_output', 'message', 'status'];
const ALL_FIELDS = [
  'token',
  'source_code',
  'language_id',
  'stdin',
  'expected_output',
  'stdout',
  'stderr',
  'compile_output',
  'message',
  'status',
  'status_id',
  'time',
  'wall_time',
  'memory',
  'exit_code',
  'exit_signal',
  'cpu_time_limit',
  'wall_time_limit',
  'memory_limit',
  'max_processes_and_or_threads',
  'max_file_size',
];

export async function startJudge0Double(options: Judge0DoubleOptions = {}): Promise<Judge0Double> {
  const authHeader = (options.authHeader ?? 'X-Auth-Token').toLowerCase();
  const languages = new Set(options.languages ?? JUDGE0_DOUBLE_LANGUAGES);
  const submissions = new Map<string, DoubleSubmission>();
  const requests: DoubleRequest[] = [];

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handle(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    if (options.authToken !== undefined && req.headers[authHeader] !== options.authToken) {
      send(res, 401); // Judge0 answers `head :unauthorized`: no body
      return;
    }
    const base64 = url.searchParams.get('base64_encoded') === 'true';
    const match = /^\/submissions\/([^/]+)$/.exec(url.pathname);
    const reply =
      req.method === 'POST' && url.pathname === '/submissions'
        ? create(url, base64, await readBody(req))
        : req.method === 'GET' && match
          ? show(url, base64, decodeURIComponent(match[1]))
          : { status: 404, body: { error: 'Not Found' } };
    send(res, reply.status, reply.body);
  }

  function create(url: URL, base64: boolean, raw: string): Reply {
    if (url.searchParams.get('wait') === 'true') return { status: 400, body: { error: 'wait not allowed' } };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, body: { error: 'body is not JSON' } };
    }
    const pending = [...submissions.values()].filter((s) => s.polls < POLLS_BEFORE_FINAL).length;
    if (options.queueLimit !== undefined && pending >= options.queueLimit) {
      return { status: 503, body: { error: 'queue is full' } };
    }
    const errors: Record<string, string[]> = {};
    const languageId = Number(body.language_id);
    if (body.language_id == null) errors.language_id = ["can't be blank"];
    else if (!languages.has(languageId)) errors.language_id = [`language with id ${body.language_id} doesn't exist`];
    if (typeof body.source_code !== 'string' || body.source_code === '') errors.source_code = ["can't be blank"];
    if (Object.keys(errors).length > 0) return { status: 422, body: errors };

    const text = (v: unknown): string | null => {
      if (v == null) return null;
      return base64 ? Buffer.from(String(v), 'base64').toString('utf8') : String(v);
    };
    const submission: DoubleSubmission = {
      token: randomUUID(),
      language_id: languageId,
      source_code: text(body.source_code) ?? '',
      stdin: text(body.stdin),
      expected_output: text(body.expected_output),
      cpu_time_limit: null,
      wall_time_limit: null,
      memory_limit: null,
      max_processes_and_or_threads: null,
      max_file_size: null,
      polls: 0,
      final: { ...EMPTY_RESULT, status: STATUS.ACCEPTED },
    };
    for (const key of LIMIT_FIELDS) {
      if (body[key] != null) submission[key] = Number(body[key]);
    }
    submission.final = judge(submission);
    submissions.set(submission.token, submission);
    return { status: 201, body: { token: submission.token } };
  }

  function show(url: URL, base64: boolean, token: string): Reply {
    const fieldsParam = url.searchParams.get('fields');
    const fields = !fieldsParam ? DEFAULT_FIELDS : fieldsParam === '*' ? ALL_FIELDS : fieldsParam.split(',');
    const invalid = fields.filter((f) => !ALL_FIELDS.includes(f));
    if (invalid.length > 0) return { status: 400, body: { error: `invalid fields: [${invalid.join(', ')}]` } };
    const submission = submissions.get(token);
    if (!submission) return { status: 404, body: { error: 'Not Found' } };

    const poll = submission.polls++;
    const current: FinalResult =
      poll >= POLLS_BEFORE_FINAL
        ? submission.final
        : { ...EMPTY_RESULT, status: poll === 0 ? STATUS.IN_QUEUE : STATUS.PROCESSING };
    const all: Record<string, unknown> = { ...submission, ...current, status_id: current.status.id };
    const answer: Record<string, unknown> = {};
    for (const field of fields) {
      const value = all[field] ?? null;
      answer[field] = base64 && TEXT_FIELDS.has(field) && typeof value === 'string' ? rubyBase64(value) : value;
    }
    return { status: 200, body: answer };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    submissions,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections(); // keep-alive sockets from fetch would hold close() open
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

const { token: _token, status: _status, ...EMPTY_RESULT } = emptyResult('', STATUS.IN_QUEUE);

/** The deterministic "run": see the rules at the top of the file. */
function judge(s: DoubleSubmission): FinalResult {
  if (s.source_code.includes('COMPILE_ERROR')) {
    return {
      ...EMPTY_RESULT,
      status: STATUS.COMPILATION_ERROR,
      compile_output: 'main:1:1: error: COMPILE_ERROR marker in the source\n',
    };
  }
  const ran = { time: '0.012', wall_time: '0.034', memory: 3280, exit_signal: null };
  if (s.source_code.includes('CRASH')) {
    return {
      ...EMPTY_RESULT,
      ...ran,
      status: STATUS.RUNTIME_ERROR_NZEC,
      stdout: '',
      stderr: 'Error: CRASH marker in the source\n',
      message: 'Exited with error status 1',
      exit_code: 1,
    };
  }
  const stdout = printed(s.source_code) ?? s.stdin ?? '';
  const accepted = s.expected_output == null || judge0Trim(stdout) === judge0Trim(s.expected_output);
  return {
    ...EMPTY_RESULT,
    ...ran,
    status: accepted ? STATUS.ACCEPTED : STATUS.WRONG_ANSWER,
    stdout,
    exit_code: 0,
  };
}

/** The first `print("...")` literal, with a trailing newline like Python's print. */
function printed(source: string): string | null {
  const literal = /print\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (literal === undefined) return null;
  try {
    return `${JSON.parse(literal)}\n`;
  } catch {
    return null;
  }
}

/** Judge0's comparison: `output.split("\n").map(&:rstrip).join("\n").rstrip` (Ruby strips ASCII space and NUL). */
export function judge0Trim(output: string): string {
  const rstrip = (text: string) => text.replace(/[\0\t\n\v\f\r ]+$/, '');
  return rstrip(output.split('\n').map(rstrip).join('\n'));
}

/** Ruby's Base64.encode64: 60-column lines, each ending in "\n" — what a real Judge0 sends back. */
function rubyBase64(text: string): string {
  const flat = Buffer.from(text, 'utf8').toString('base64');
  if (flat === '') return '';
  return `${flat.match(/.{1,60}/g)?.join('\n')}\n`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
