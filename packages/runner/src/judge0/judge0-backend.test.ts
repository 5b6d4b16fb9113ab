import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunnerError, STATUS, type SubmissionRequest } from '../types';
import { createJudge0Backend, type Judge0BackendOptions, judge0OptionsFromEnv } from './judge0-backend';
import { type Judge0Double, type Judge0DoubleOptions, startJudge0Double } from './judge0-double';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function double(options: Judge0DoubleOptions = {}): Promise<Judge0Double> {
  const d = await startJudge0Double(options);
  cleanups.push(d.close);
  return d;
}

function backend(options: Judge0BackendOptions) {
  const b = createJudge0Backend({ pollIntervalMs: 5, timeoutMs: 2_000, ...options });
  cleanups.push(b.close);
  return b;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The RunnerError a promise rejects with; fails the test when it resolves or rejects otherwise. */
async function refusal(promise: Promise<unknown>): Promise<RunnerError> {
  const err = await promise.then(
    (value) => {
      throw new Error(`expected a RunnerError, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RunnerError);
  return err as RunnerError;
}

const echo = (stdin: string, expected_output?: string): SubmissionRequest => ({
  language_id: 71,
  source_code: 'import sys\nsys.stdout.write(sys.stdin.read())\n',
  stdin,
  expected_output,
});

describe('Judge0 backend against the double', () => {
  it('submits, then polls In Queue → Processing → Accepted with the echoed stdout', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });

    const { token } = await runner.submit(echo('42\n', '42'));
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(j0.submissions.has(token)).toBe(true);

    expect((await runner.status(token)).status).toEqual(STATUS.IN_QUEUE);
    const processing = await runner.status(token);
    expect(processing.status).toEqual(STATUS.PROCESSING);
    expect(processing.stdout).toBeNull();

    expect(await runner.status(token)).toEqual({
      token,
      status: { id: 3, description: 'Accepted' },
      stdout: '42\n',
      stderr: null,
      compile_output: null,
      message: null,
      time: '0.012',
      wall_time: '0.034',
      memory: 3280,
      exit_code: 0,
      exit_signal: null,
    });

    // On the wire: Judge0's paths and query parameters, base64 text fields.
    const [post, ...gets] = j0.requests;
    expect(post.method).toBe('POST');
    expect(post.url).toBe('/submissions?base64_encoded=true&wait=false');
    expect(gets.map((r) => r.url)).toEqual(
      Array(3).fill(
        `/submissions/${token}?base64_encoded=true&fields=token,status,stdout,stderr,compile_output,message,time,wall_time,memory,exit_code,exit_signal`,
      ),
    );
  });

  it('answers Wrong Answer when stdout differs from expected_output', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    const { token } = await runner.submit({ language_id: 71, source_code: 'print("hi")', expected_output: 'bye' });
    const result = await runner.waitFor(token);
    expect(result.status).toEqual(STATUS.WRONG_ANSWER);
    expect(result.stdout).toBe('hi\n');
  });

  it("accepts output that differs only in trailing whitespace, as Judge0's comparison does", async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    const ok = await runner.submit(echo('1 2  \n3\n', '1 2\n3   \n\n'));
    expect((await runner.waitFor(ok.token)).status).toEqual(STATUS.ACCEPTED);
    // Leading whitespace still counts.
    const wrong = await runner.submit(echo('  7\n', '7'));
    expect((await runner.waitFor(wrong.token)).status).toEqual(STATUS.WRONG_ANSWER);
  });

  it('answers Compilation Error with the compiler output and no stdout', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    const { token } = await runner.submit({ language_id: 54, source_code: 'int main() { COMPILE_ERROR }' });
    const result = await runner.waitFor(token);
    expect(result.status).toEqual({ id: 6, description: 'Compilation Error' });
    expect(result.compile_output).toContain('COMPILE_ERROR');
    expect(result.stdout).toBeNull();
    expect(result.exit_code).toBeNull();
  });

  it('answers Runtime Error (NZEC) with exit code 1, stderr and message', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    const { token } = await runner.submit({ language_id: 63, source_code: 'throw new Error("CRASH")' });
    const result = await runner.waitFor(token);
    expect(result.status).toEqual({ id: 11, description: 'Runtime Error (NZEC)' });
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toContain('CRASH');
    expect(result.message).toBe('Exited with error status 1');
  });

  it('round-trips non-ASCII text and newlines through base64 both ways', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    // Long enough that the double wraps its base64 at 60 columns, as Ruby's encode64 does.
    const stdin = 'héllo, wörld — 世界 🚀\n\tindented line\r\nlast line without newline'.repeat(3);
    const source = 'print("ünïcödé ✓")  # COMMENT: ß\n';

    const echoed = await runner.submit(echo(stdin, stdin));
    expect(j0.submissions.get(echoed.token)?.stdin).toBe(stdin);
    const echoResult = await runner.waitFor(echoed.token);
    expect(echoResult.stdout).toBe(stdin);
    expect(echoResult.status).toEqual(STATUS.ACCEPTED);

    const printed = await runner.submit({ language_id: 71, source_code: source });
    expect(j0.submissions.get(printed.token)?.source_code).toBe(source);
    expect((await runner.waitFor(printed.token)).stdout).toBe('ünïcödé ✓\n');
  });

  it('sends text fields base64-encoded and limits only when set', async () => {
    const j0 = await double();
    const bodies: Array<Record<string, unknown>> = [];
    const spy: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      return fetch(input, init);
    };
    const runner = backend({ url: j0.url, fetch: spy });
    const { token } = await runner.submit({
      language_id: 50,
      source_code: 'int main(){}',
      stdin: 'a\n',
      cpu_time_limit: 2,
      memory_limit: 65_536,
      max_file_size: 1_024,
    });
    expect(bodies).toEqual([
      {
        language_id: 50,
        source_code: Buffer.from('int main(){}').toString('base64'),
        stdin: Buffer.from('a\n').toString('base64'),
        cpu_time_limit: 2,
        memory_limit: 65_536,
        max_file_size: 1_024,
      },
    ]);
    expect(j0.submissions.get(token)).toMatchObject({
      cpu_time_limit: 2,
      memory_limit: 65_536,
      max_file_size: 1_024,
      wall_time_limit: null,
      max_processes_and_or_threads: null,
    });
  });

  it('rejects an unknown language before any HTTP call', async () => {
    const j0 = await double();
    const spy = vi.fn<typeof fetch>((input, init) => fetch(input, init));
    const runner = backend({ url: j0.url, fetch: spy });
    for (const language_id of [20, 999]) {
      const err = await refusal(runner.submit({ language_id, source_code: 'x' }));
      expect(err.code).toBe('UNKNOWN_LANGUAGE');
      expect(err.message).toContain(`Unknown language id ${language_id}`);
    }
    expect(spy).not.toHaveBeenCalled();
    expect(j0.requests).toHaveLength(0);
  });

  it('maps a 422 from Judge0 to BAD_REQUEST with its error text', async () => {
    // A server without C: our table knows 50, Judge0 does not.
    const j0 = await double({ languages: [71] });
    const runner = backend({ url: j0.url });
    const err = await refusal(runner.submit({ language_id: 50, source_code: 'int main(){}' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe("language_id: language with id 50 doesn't exist");
  });

  it('sends the auth token in X-Auth-Token and maps 401 to UNAVAILABLE', async () => {
    const j0 = await double({ authToken: 's3cret' });
    const good = backend({ url: j0.url, authToken: 's3cret' });
    const { token } = await good.submit(echo('x'));
    expect((await good.waitFor(token)).status).toEqual(STATUS.ACCEPTED);
    expect(j0.requests.every((r) => r.headers['x-auth-token'] === 's3cret')).toBe(true);

    for (const authToken of ['wrong', undefined]) {
      const bad = backend({ url: j0.url, authToken });
      const onSubmit = await refusal(bad.submit(echo('x')));
      expect([onSubmit.code, onSubmit.message]).toEqual(['UNAVAILABLE', 'Judge0 refused the credentials']);
      const onStatus = await refusal(bad.status(token));
      expect([onStatus.code, onStatus.message]).toEqual(['UNAVAILABLE', 'Judge0 refused the credentials']);
    }
    expect(j0.submissions.size).toBe(1);
  });

  it('uses a configured auth header name', async () => {
    const j0 = await double({ authToken: 'k', authHeader: 'X-Judge0-Key' });
    const runner = backend({ url: j0.url, authToken: 'k', authHeader: 'X-Judge0-Key' });
    await runner.submit(echo('x'));
    expect(j0.requests[0].headers['x-judge0-key']).toBe('k');
    expect(j0.requests[0].headers['x-auth-token']).toBeUndefined();
  });

  it('maps 503 (queue full) to BUSY, and submits again once the queue drains', async () => {
    const j0 = await double({ queueLimit: 1 });
    const runner = backend({ url: j0.url });
    const first = await runner.submit(echo('1'));
    const err = await refusal(runner.submit(echo('2')));
    expect(err.code).toBe('BUSY');
    expect(err.message).toContain('queue is full');
    await runner.waitFor(first.token);
    await expect(runner.submit(echo('3'))).resolves.toHaveProperty('token');
  });

  it('maps an unknown token to NOT_FOUND', async () => {
    const j0 = await double();
    const runner = backend({ url: j0.url });
    const err = await refusal(runner.status('00000000-0000-4000-8000-000000000000'));
    expect(err.code).toBe('NOT_FOUND');
    // An empty token never reaches Judge0 (it would be the submissions listing).
    expect((await refusal(runner.status(''))).code).toBe('NOT_FOUND');
    expect(j0.requests).toHaveLength(1);
  });
});

describe('Judge0 double (test support)', () => {
  it('honours base64_encoded=false, the fields parameter, and wraps base64 like Ruby', async () => {
    const j0 = await double();
    const post = await fetch(`${j0.url}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language_id: 71, source_code: 'print("plain")', expected_output: 'plain' }),
    });
    expect(post.status).toBe(201);
    const { token } = (await post.json()) as { token: string };
    expect(j0.submissions.get(token)?.source_code).toBe('print("plain")');

    const get = (query: string) => fetch(`${j0.url}/submissions/${token}?${query}`).then((r) => r.json());
    expect(await get('fields=status')).toEqual({ status: STATUS.IN_QUEUE });
    expect(await get('fields=status_id,language_id')).toEqual({ status_id: 2, language_id: 71 });
    expect(await get('')).toEqual({
      token,
      time: '0.012',
      memory: 3280,
      stdout: 'plain\n',
      stderr: null,
      compile_output: null,
      message: null,
      status: STATUS.ACCEPTED,
    });
    const long = 'x'.repeat(50);
    expect(await get('base64_encoded=true&fields=stdout,source_code')).toEqual({
      stdout: 'cGxhaW4K\n',
      source_code: 'cHJpbnQoInBsYWluIik=\n',
    });
    const wrapped = await fetch(`${j0.url}/submissions?base64_encoded=true`, {
      method: 'POST',
      body: JSON.stringify({ language_id: 71, source_code: 'x', stdin: Buffer.from(long).toString('base64') }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const { stdin } = await fetch(`${j0.url}/submissions/${wrapped.token}?base64_encoded=true&fields=stdin`).then(
      (r) => r.json() as Promise<{ stdin: string }>,
    );
    expect(stdin.split('\n').map((line) => line.length)).toEqual([60, 8, 0]);
    expect((await fetch(`${j0.url}/submissions/${token}?fields=nope`)).status).toBe(400);
  });
});

describe('Judge0 backend when the server is not there', () => {
  it('maps an unreachable URL to UNAVAILABLE', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const runner = backend({ url });
    const onSubmit = await refusal(runner.submit(echo('x')));
    expect(onSubmit.code).toBe('UNAVAILABLE');
    expect(onSubmit.message).toBe(`Judge0 at ${url} is unreachable: ECONNREFUSED`);
    expect((await refusal(runner.status('t'))).code).toBe('UNAVAILABLE');
  });

  it('maps a request past timeoutMs to UNAVAILABLE', async () => {
    const silent = createServer(() => {}); // accepts, never answers
    const url = await listen(silent);
    cleanups.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const runner = backend({ url, timeoutMs: 100 });
    const err = await refusal(runner.submit(echo('x')));
    expect([err.code, err.message]).toEqual(['UNAVAILABLE', `Judge0 at ${url} did not answer within 100 ms`]);
  });

  it('maps an answer that is not Judge0 (a proxy page) to UNAVAILABLE', async () => {
    const proxy: typeof fetch = async () => new Response('<html>Bad gateway</html>', { status: 200 });
    const runner = backend({ url: 'http://judge0.invalid', fetch: proxy });
    const err = await refusal(runner.status('t'));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.message).toContain('unexpected body');
  });

  it('close() aborts a request in flight and refuses later calls', async () => {
    const silent = createServer(() => {});
    const url = await listen(silent);
    cleanups.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const runner = createJudge0Backend({ url, timeoutMs: 10_000 });
    const pending = refusal(runner.submit(echo('x')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.close();
    const err = await pending;
    expect([err.code, err.message]).toEqual(['UNAVAILABLE', 'The Judge0 backend was closed during the request']);
    expect((await refusal(runner.status('t'))).message).toBe('The Judge0 backend is closed');
  });
});

describe('Judge0 configuration', () => {
  it('reads JUDGE0_URL and JUDGE0_AUTH_TOKEN, and is off without a URL', () => {
    expect(judge0OptionsFromEnv({})).toBeNull();
    expect(judge0OptionsFromEnv({ JUDGE0_URL: '  ' })).toBeNull();
    expect(judge0OptionsFromEnv({ JUDGE0_URL: 'http://judge0:2358', JUDGE0_AUTH_TOKEN: 't' })).toEqual({
      url: 'http://judge0:2358',
      authToken: 't',
      authHeader: undefined,
    });
  });

  it('refuses a URL that is not http(s) when created', () => {
    expect(() => createJudge0Backend({ url: 'judge0:2358' })).toThrow(/http or https/);
    expect(() => createJudge0Backend({ url: 'not a url' })).toThrow(/not a valid URL/);
  });

  it('keeps a path prefix of the URL (Judge0 behind a reverse proxy)', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ token: 'abc' }), { status: 201 });
    };
    const runner = backend({ url: 'https://example.test/judge0/', fetch: spy });
    expect(await runner.submit(echo('x'))).toEqual({ token: 'abc' });
    expect(urls).toEqual(['https://example.test/judge0/submissions?base64_encoded=true&wait=false']);
  });
});
