import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createResponseValidator } from '../test/openapi-validator';
import { createTestApp, type TestApp } from '../test/test-app';
import { impliedErrorStatuses, operationIdOf } from './openapi';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { openapi: string; servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Doc;
});
afterAll(() => t.close());

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules, none turned off) with no errors and no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`,
    );
    expect(found).toEqual([]);
  });

  it("declares the spec's `batch/?batch=` list without the slash, and both forms answer it", async () => {
    expect(Object.keys(doc.paths).filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
    expect(doc.paths['/admin/user/batch'].get.operationId).toBe('getAdminUserBatch');
    const token = await t.tokenFor('ADMIN');
    const slashed = await t.call({ method: 'GET', url: '/admin/user/batch/?batch=1', token });
    const bare = await t.call({ method: 'GET', url: '/admin/user/batch?batch=1', token });
    expect(slashed.statusCode).toBe(200);
    expect(bare.statusCode).toBe(200);
    expect(slashed.json()).toEqual(bare.json());
    // The query still narrows the list; a bad one is refused on the same route.
    expect((await t.call({ method: 'GET', url: '/admin/user/batch/?batch=abc', token })).statusCode).toBe(400);
    // Only the spec's own slashed path is served so; others keep their one form.
    expect((await t.call({ method: 'GET', url: '/admin/user/get/', token })).statusCode).toBe(404);
  });

  it('names a server and gives every operation a unique operationId', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares no security on public operations and the token on every other', () => {
    const publicOps = operations().filter(([, op]) => Array.isArray(op.security) && op.security.length === 0);
    expect(publicOps.map(([k]) => k)).toEqual(
      expect.arrayContaining(['POST /auth/login', 'POST /auth/register', 'GET /deegree', 'GET /files/{bucket}/{key}']),
    );
    for (const [key, op] of operations()) {
      const route = t.app.routeTable.find((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}` === key);
      if (route?.access !== 'public') expect(op.security, key).toBeUndefined(); // inherits the document's token
    }
  });

  it('declares a success answer, 500, and 401/403 on every protected operation', () => {
    for (const [key, op] of operations()) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        key,
      ).toBe(true);
      expect(statuses, key).toContain('500');
      if (op.security === undefined) expect(statuses, key).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('documents the page_num header on lists and the multipart body of uploads', () => {
    const list = doc.paths['/admin/blog/get'].get;
    expect(list.parameters?.some((p) => p.in === 'header' && p.name === 'page_num')).toBe(true);
    const upload = doc.paths['/admin/blog/image/{id}'].post;
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/admin/blog/download-csv'].get.responses['200'].content ?? {})).toEqual(['text/csv']);
  });

  it('every route of the app is in the document', () => {
    const documented = new Set(operations().map(([k]) => k));
    const missing = t.app.routeTable
      // The docs UI, the console's files and the liveness probe are not API calls (decision 030).
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/*' && r.url !== '/api/health')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });
});

describe('declaring responses', () => {
  it('a route without a success answer is refused at registration', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    expect(() => app.get('/admin/undocumented', { config: { access: 'staff' } }, async () => ({ ok: true }))).toThrow(
      /declares no success response/,
    );
    await app.close();
  });

  it('the implied error answers follow the route: public, body, params', () => {
    expect(impliedErrorStatuses({ method: 'GET', config: { access: 'public' } })).toEqual([500]);
    expect(impliedErrorStatuses({ method: 'POST', config: { access: 'staff' } })).toEqual([
      400, 401, 403, 413, 415, 500,
    ]);
    expect(impliedErrorStatuses({ method: 'GET', schema: { params: {} }, config: { access: 'staff' } })).toEqual([
      400, 401, 403, 404, 500,
    ]);
  });

  it('operation ids are readable and stable', () => {
    expect(operationIdOf('PUT', '/admin/role/update/:id')).toBe('putAdminRoleUpdateById');
    expect(operationIdOf('GET', '/deegree')).toBe('getDeegree');
    expect(operationIdOf('POST', '/admin/auth/verify-backup-code')).toBe('postAdminAuthVerifyBackupCode');
  });

  it('answers are stripped to what the document declares (no column leaks)', async () => {
    const token = await t.tokenFor('ADMIN');
    const res = await t.call({ method: 'GET', url: '/admin/user/get', token });
    expect(res.statusCode).toBe(200);
    const row = res.json().data[0];
    expect(row).toBeDefined();
    for (const secret of ['passwordHash', 'twoFactorSecret', 'twoFactorPendingSecret', 'totpLastStep']) {
      expect(row).not.toHaveProperty(secret);
    }
    // A column the definition does not declare never leaves the server.
    expect(row).not.toHaveProperty('roleId');
  });
});

describe('the response validator of the test suite', () => {
  const docOf = {
    paths: {
      '/admin/thing/get/{id}': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'integer' }, when: { type: 'string', format: 'date-time' } },
                  },
                },
              },
            },
            '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
          },
        },
      },
      '/files/{key}': { get: { responses: { '200': { content: { 'image/*': { schema: { type: 'string' } } } } } } },
    },
    components: {
      schemas: {
        ApiError: { type: 'object', required: ['message', 'code'], properties: { message: { type: 'string' } } },
      },
    },
  };
  const answer = (over: object) => ({
    method: 'GET',
    routeUrl: '/admin/thing/get/:id',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ id: 1, when: '2026-11-24T10:00:00.000Z' }),
    ...over,
  });

  it('passes an answer that keeps the document', () => {
    const v = createResponseValidator(docOf);
    expect(v.check(answer({}))).toBeNull();
    expect(v.check(answer({ status: 404, body: JSON.stringify({ message: 'x', code: 'NOT_FOUND' }) }))).toBeNull();
    expect(v.check(answer({ routeUrl: '/files/:key', contentType: 'image/png', body: undefined }))).toBeNull();
    expect(v.exercised.has('GET /admin/thing/get/{id}')).toBe(true);
  });

  it('reports an undeclared status, a wrong body, a wrong type, an unknown operation', () => {
    const v = createResponseValidator(docOf);
    expect(v.check(answer({ status: 409 }))).toMatch(/status 409 is not declared/);
    expect(v.check(answer({ body: JSON.stringify({ id: 'one' }) }))).toMatch(/breaks the document.*\/id/);
    expect(v.check(answer({ body: JSON.stringify({ id: 1, when: 'yesterday' }) }))).toMatch(/date-time/);
    expect(v.check(answer({ status: 404, body: JSON.stringify({ code: 'NOT_FOUND' }) }))).toMatch(/message/);
    expect(v.check(answer({ contentType: 'text/csv' }))).toMatch(/Content-Type text\/csv is not declared/);
    expect(v.check(answer({ routeUrl: '/admin/other' }))).toMatch(/not in the OpenAPI document/);
  });

  it('sees every answer of the API tests, this file included', async () => {
    const token = await t.tokenFor('ADMIN');
    await t.call({ method: 'GET', url: '/admin/blog/get', token, page: 1 });
    expect(t.openapiExercised.has('GET /admin/blog/get')).toBe(true);
  });
});
