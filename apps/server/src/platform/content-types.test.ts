import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, TEST_PASSWORD } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue 16, finding 8: a body of the wrong type is a 415 that says which type the call takes. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
});
afterAll(() => t.close());

const SEND_JSON = 'Send the details as JSON (Content-Type: application/json)';
const credentials = JSON.stringify({ email: emailOf('ADMIN'), password: TEST_PASSWORD });
const BOUNDARY = '----cohort-test-boundary';
const multipartBody = (field: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${BOUNDARY}--\r\n`;

describe('a JSON call given another type', () => {
  it('JSON sent as text/plain: 415 naming application/json', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: credentials,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SEND_JSON, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a multipart form: 415 naming application/json', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody('name', 'Reviewers'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SEND_JSON, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a type Fastify does not know at all: the same 415', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SEND_JSON, code: 'UNSUPPORTED_MEDIA_TYPE' });
    // No type at all: Fastify refuses the body itself, in the same words.
    const untyped = await t.app.inject({ method: 'POST', url: '/auth/login', payload: credentials });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json()).toEqual({ message: SEND_JSON, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('JSON with a charset passes; the refusal comes after the access check', async () => {
    const ok = await t.call({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: credentials,
    });
    expect(ok.statusCode).toBe(200);
    const anonymous = await t.call({
      method: 'POST',
      url: '/admin/role/create',
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"Reviewers"}',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a file call given JSON', () => {
  it('415 naming multipart/form-data', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/upload/image',
      token: admin,
      payload: { image: 'not a file' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Send the image as multipart/form-data',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('JSON that does not even parse: still the 415, not a JSON error', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/upload/image',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/multipart\/form-data/);
  });
});
