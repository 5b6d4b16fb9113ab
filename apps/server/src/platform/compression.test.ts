import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../db/schema';
import { createTestApp, TEST_ROUTE, type TestApp } from '../test/test-app';
import { runWithProgress } from './progress';

let t: TestApp;
let marketing: string;
let url: string;
/** Lets the test's long call finish once the test has read its first line. */
let release: () => void = () => {};

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A long call as the bulk routes run it (platform/progress.ts): one report, then it waits.
    app.post('/test/long-call', { config: { access: 'public' }, schema: TEST_ROUTE }, (request, reply) =>
      runWithProgress(request, reply, async (progress) => {
        progress?.(0, 2);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        progress?.(2, 2);
        return { padding: 'x'.repeat(4000) };
      }),
    );
  });
  marketing = await t.tokenFor('MARKETING');
  await t.db.insert(blogs).values(
    Array.from({ length: 100 }, (_, i) => ({
      title: `Story number ${i}, about a learner placed after the course`,
      content: `Body ${i}: what they learned, where they were placed and what they earn now. `.repeat(3),
      status: 'Live',
    })),
  );
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const page = (query: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/admin/blog/get?${query}`, token: marketing, headers });

describe('API answers are compressed as the console asks (Accept-Encoding)', () => {
  it('a 100-row page is brotli or gzip when asked, the same JSON once decoded', async () => {
    const plain = await page('page_size=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(100);
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);

    const br = await page('page_size=100', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await page('page_size=100', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // The answer's other headers stay: an API answer is never cached.
    expect(gzip.headers['cache-control']).toBe('no-store');
  });

  it('not when not asked, nor when the answer is under 1 KiB', async () => {
    expect(
      (await page('page_size=100', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
    const small = await t.call({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.json()).toEqual({ ok: true });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('CSV exports are left as they stream', async () => {
    const csv = await t.call({
      method: 'GET',
      url: '/admin/blog/download-csv',
      token: marketing,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body.split('\n').length).toBeGreaterThan(100);
  });

  it('NDJSON progress still reaches the caller line by line, uncompressed (a real socket)', async () => {
    const { status, headers, firstLine, rest } = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      firstLine: string;
      rest: Promise<string>;
    }>((resolve, reject) => {
      const req = http.request(
        `${url}/test/long-call`,
        {
          method: 'POST',
          headers: {
            accept: 'application/x-ndjson',
            'accept-encoding': 'br, gzip',
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.setEncoding('utf8');
          let body = '';
          let resolveRest: (s: string) => void = () => {};
          const rest = new Promise<string>((r) => {
            resolveRest = r;
          });
          res.on('data', (chunk: string) => {
            body += chunk;
            // The first line arrives while the call is still waiting: nothing holds it back.
            if (body.includes('\n') && !body.includes('"result"'))
              resolve({ status: res.statusCode ?? 0, headers: res.headers, firstLine: body, rest });
          });
          res.on('end', () => resolveRest(body));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(firstLine).toBe('{"done":0,"total":2}\n');
    release();
    const lines = (await rest)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toEqual({ result: { padding: 'x'.repeat(4000) } });
  });
});
