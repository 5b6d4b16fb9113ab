import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendErrors, frontendErrors } from '../db/schema';
import { createTestApp, TEST_ROUTE, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
/** Every log line the app writes in this file. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logged.push(String(chunk));
    done();
  },
});
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const TOKEN = 'tok_3f9a8b7c6d5e4f3a2b1c';

beforeAll(async () => {
  t = await createTestApp(
    {},
    (app) => {
      app.get('/admin/test/boom', { config: { access: 'staff' }, schema: TEST_ROUTE }, async () => {
        throw new Error('secret connection string postgres://user:pw@db');
      });
      // A write that fails in the database with a password hash and a token among its bound values.
      app.post('/admin/test/failing-write', { config: { access: 'staff' }, schema: TEST_ROUTE }, async () => {
        await app.db.execute(
          sql`insert into users (name, email, password_hash, role_id, no_such_column) values (${'N'}, ${'n@x.test'}, ${HASH}, 2, ${TOKEN})`,
        );
        return { ok: true };
      });
      // A fault whose own text holds a NUL: its record must still be written.
      app.get('/admin/test/nul-fault', { config: { access: 'staff' }, schema: TEST_ROUTE }, async () => {
        throw new Error('broken \u0000 value');
      });
      // Text with a NUL that reached the database past validation: a 400, and recorded as a gap.
      app.post('/admin/test/nul-write', { config: { access: 'staff' }, schema: TEST_ROUTE }, async () => {
        await app.db.execute(sql`select ${'a\u0000b'}::text`);
        return { ok: true };
      });
    },
    logStream,
  );
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

describe('errors', () => {
  it('a 500 says nothing internal and is recorded for /admin/errors', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/test/boom', token: admin });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    const [row] = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/boom'));
    expect(row).toMatchObject({ method: 'GET', url: '/admin/test/boom', userId: await t.userId('ADMIN') });
    const list = await t.call({ method: 'GET', url: '/admin/errors/get', token: admin });
    expect(list.json().data.find((e: { id: number }) => e.id === row.id).message).toContain('secret');
    expect(
      (await t.call({ method: 'GET', url: '/admin/errors/get', token: await t.tokenFor('MENTOR') })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/admin/errors/delete/${row.id}`, token: admin })).statusCode).toBe(
      200,
    );
  });

  it('unknown routes answer 404 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/nothing/here', token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('POST /admin/frontend-errors/add stores a console error for any staff role', async () => {
    const mentor = await t.tokenFor('MENTOR');
    const res = await t.call({
      method: 'POST',
      url: '/admin/frontend-errors/add',
      token: mentor,
      payload: {
        message: 'TypeError: x is undefined',
        stack: 'at y (app.js:1:2)',
        url: '/blogs',
        userAgent: 'Chromium',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(frontendErrors);
    expect(row).toMatchObject({
      message: 'TypeError: x is undefined',
      url: '/blogs',
      userId: await t.userId('MENTOR'),
    });
    const list = await t.call({ method: 'GET', url: '/admin/frontend-errors/get', token: admin });
    expect(list.json().data[0].message).toBe('TypeError: x is undefined');
    expect((await t.call({ method: 'GET', url: '/admin/frontend-errors/get', token: mentor })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/admin/frontend-errors/add', token: mentor, payload: { message: '' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/frontend-errors/add',
          token: mentor,
          payload: { message: 'x', userId: 1 },
        })
      ).statusCode,
    ).toBe(400);
    const learner = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'l1@test.local', password: 'correct horse battery' },
    });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/admin/frontend-errors/add',
          token: learner.json().token,
          payload: { message: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('what a failure leaves behind', () => {
  it('a failing write logs and stores no bound value: no hash, no token', async () => {
    const before = logged.length;
    const res = await t.call({ method: 'POST', url: '/admin/test/failing-write', token: admin, payload: {} });
    expect(res.statusCode).toBe(500);
    const lines = logged.slice(before).join('');
    expect(lines).toContain('unhandled error');
    expect(lines).toContain('no_such_column');
    expect(lines).not.toContain(HASH);
    expect(lines).not.toContain('argon2id');
    expect(lines).not.toContain(TOKEN);
    const [row] = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/failing-write'));
    expect(row.message).toMatch(/no_such_column/);
    expect(`${row.message}${row.stack}`).not.toContain(TOKEN);
    expect(`${row.message}${row.stack}`).not.toContain('argon2');
  });

  it('log lines never carry a password, token or code, whatever logged them', async () => {
    const before = logged.length;
    t.app.log.info({ body: { password: 'hunter2-hunter2', code: '123456', token: TOKEN }, note: HASH }, 'probe');
    const line = logged.slice(before).join('');
    expect(line).toContain('probe');
    for (const secret of ['hunter2-hunter2', '123456', TOKEN, HASH]) expect(line).not.toContain(secret);
    // Error codes stay readable.
    t.app.log.info({ err: { code: 'BAD_REQUEST' } }, 'probe2');
    expect(logged.slice(before).join('')).toContain('BAD_REQUEST');
  });

  it('a fault whose text holds a NUL still reaches backend_errors', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/test/nul-fault', token: admin });
    expect(res.statusCode).toBe(500);
    const [row] = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/nul-fault'));
    expect(row.message).toBe('broken  value');
  });

  it('NUL text the database refuses is a 400 for the caller and a record for us', async () => {
    const res = await t.call({ method: 'POST', url: '/admin/test/nul-write', token: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    const rows = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/nul-write'));
    expect(rows).toHaveLength(1);
  });
});
