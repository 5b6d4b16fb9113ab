import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cohort Admin</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the app', () => {
  it('serves OpenAPI generated from the zod schemas at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/admin/blog/get', '/admin/blog/update/{id}', '/admin/auth/verify2FA']),
    );
    const add = doc.paths['/admin/blog/add'].post;
    expect(add.requestBody.content['application/json'].schema.required).toEqual(['title', 'content']);
    expect((await t.call({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves the console and falls back to index.html for its routes, but not for API paths', async () => {
    const asset = await t.call({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const root = await t.call({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Cohort Admin');
    const page = await t.call({ method: 'GET', url: '/r/blog/12' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Cohort Admin');
    const api = await t.call({ method: 'GET', url: '/admin/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await t.call({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
