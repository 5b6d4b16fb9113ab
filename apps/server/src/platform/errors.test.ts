import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendErrors, frontendErrors } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/admin/test/boom', { config: { access: 'staff' } }, async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
  });
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

describe('errors', () => {
  it('a 500 says nothing internal and is recorded for /admin/errors', async () => {
    const res = await t.call({ method: 'GET', url: '/admin/test/boom', token: admin });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again !!!', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    const [row] = await t.db.select().from(backendErrors);
    expect(row).toMatchObject({ method: 'GET', url: '/admin/test/boom', userId: await t.userId('ADMIN') });
    const list = await t.call({ method: 'GET', url: '/admin/errors/get', token: admin });
    expect(list.json().totalItems).toBe(1);
    expect(list.json().data[0].message).toContain('secret');
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
