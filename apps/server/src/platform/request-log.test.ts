import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, backendErrors } from '../db/schema';
import { emailOf, TEST_PASSWORD } from '../test/fixtures';
import { createTestApp, TEST_ROUTE, type TestApp } from '../test/test-app';

/**
 * Issue 16, finding 10: one log line per request that lets an incident be reconstructed, and
 * a request id that ties the line, the answer, the error record and the audit entries together.
 */
let t: TestApp;
let admin: string;
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const SANE_ID = /^[A-Za-z0-9_-]{1,64}$/;

beforeAll(async () => {
  t = await createTestApp(
    {},
    (app) => {
      app.get('/admin/test/log-boom', { config: { access: 'staff' }, schema: TEST_ROUTE }, async () => {
        throw new Error('the database went away');
      });
    },
    logStream,
  );
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

const linesOf = (requestId: string) => lines.filter((l) => l.requestId === requestId);
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-request-id']);

describe('the request log', () => {
  it('one line per request: method, route, path, status, duration, request id, address, user', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/auth/session?email=alice%40example.com', token: admin });
    expect(res.statusCode).toBe(200);
    const id = idOf(res);
    expect(id).toMatch(SANE_ID);
    const mine = linesOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      route: '/admin/auth/session',
      path: '/admin/auth/session',
      status: 200,
      requestId: id,
      ip: '127.0.0.1',
      userId: await t.userId('ADMIN'),
    });
    expect(typeof mine[0].durationMs).toBe('number');
    // Never the token, never a query value.
    const text = JSON.stringify(mine);
    expect(text).not.toContain(admin);
    expect(text).not.toContain('alice');
  });

  it('a route with parameters logs its pattern and the path; an unknown url has no route', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/blog/get/999999', token: admin });
    const [line] = linesOf(idOf(res));
    expect(line).toMatchObject({
      route: '/admin/blog/get/:id',
      path: '/admin/blog/get/999999',
      status: res.statusCode,
    });
    const missing = await t.call({ method: 'GET', url: '/admin/no-such-call?x=secret-ish' });
    expect(missing.statusCode).toBe(404);
    const [gone] = linesOf(idOf(missing));
    expect(gone).toMatchObject({ path: '/admin/no-such-call', status: 404, route: null, userId: null });
    expect(JSON.stringify(gone)).not.toContain('secret-ish');
  });
});

describe('the request id', () => {
  it('is answered in x-request-id on every answer, errors too', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'GET', url: '/admin/role/get' }), // 401
      await t.call({ method: 'GET', url: '/admin/nowhere' }), // 404
      await t.call({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }), // 415
      await t.call({ method: 'POST', url: '/auth/login', payload: { email: 'x' } }), // 400
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 415, 400]);
    const ids = answers.map(idOf);
    for (const id of ids) expect(id).toMatch(SANE_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a sane incoming x-request-id is kept; anything else is replaced', async () => {
    const kept = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a_91' } });
    expect(idOf(kept)).toBe('lb-7f3a_91');
    expect(linesOf('lb-7f3a_91')).toHaveLength(1);
    for (const bad of ['a'.repeat(65), 'has space', 'semi;colon', '"quoted"', '../etc']) {
      const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(idOf(res), bad).not.toBe(bad);
      expect(idOf(res)).toMatch(SANE_ID);
    }
  });

  it('a server fault is recorded and logged with it', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/test/log-boom', token: admin });
    expect(res.statusCode).toBe(500);
    const id = idOf(res);
    const [row] = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/log-boom'));
    expect(row.requestId).toBe(id);
    // The Server errors screen shows it.
    const read = await t.call({ method: 'GET', url: `/admin/errors/get/${row.id}`, token: admin });
    expect(read.json().requestId).toBe(id);
    const mine = linesOf(id);
    expect(mine.map((l) => l.msg)).toEqual(['unhandled error', 'request completed']);
    expect(mine[1]).toMatchObject({ status: 500 });
  });

  it('audit entries carry it: a staff write, a login, a registration of a known email', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      token: admin,
      payload: { name: 'Request id role', baseRoleId: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: emailOf('MENTOR'), password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const register = await t.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Someone', email: emailOf('HR'), password: 'a long password' },
    });
    expect(register.statusCode).toBe(202);
    const entry = async (action: string, entity: string) => {
      const rows = await t.db
        .select({ requestId: auditLog.requestId })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)));
      return rows.map((r) => r.requestId);
    };
    expect(await entry('create', 'role')).toEqual([idOf(created)]);
    expect(await entry('login', 'session')).toEqual([idOf(login)]);
    expect(await entry('registerExisting', 'user')).toEqual([idOf(register)]);
  });
});
