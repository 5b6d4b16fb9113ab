import { can, ROLES } from '@cohort/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Access, isAllowed } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function concrete(url: string): string {
  return url
    .replace(':bucket', 'miscellaneous')
    .replace(':key', 'missing.png')
    .replace(/:[A-Za-z]+/g, '999999');
}

/** Routes owned by plugins (docs UI) are public by construction; the walk covers the app's own. */
function appRoutes() {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
}

describe('every route declares its access', () => {
  it('the route table has a declaration for each route', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('registering a route without a declaration fails', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    expect(() => app.get('/admin/undeclared', async () => ({ ok: true }))).toThrow(/declares no access/);
    await app.close();
  });

  it('resource routes match the permission matrix exactly', () => {
    for (const r of appRoutes()) {
      const access = r.access as Access;
      if (typeof access !== 'object' || !('resource' in access)) continue;
      for (const role of ROLES) {
        expect(isAllowed(access, role.key)).toBe(can(role.key, access.resource, access.action));
      }
    }
  });
});

describe('walking every route as every role', () => {
  it('answers 401 without a token on every non-public route', async () => {
    for (const r of appRoutes()) {
      if (r.access === 'public') continue;
      const res = await t.call({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 exactly where the matrix refuses', async () => {
    const mismatches: string[] = [];
    for (const role of ROLES) {
      for (const r of appRoutes()) {
        const token = await t.tokenFor(role.key);
        const res = await t.call({
          method: r.method as 'GET',
          url: concrete(r.url),
          token,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}),
        });
        const allowed = isAllowed(r.access as Access, role.key);
        const refused = res.statusCode === 403;
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500) {
          mismatches.push(`${role.key} ${r.method} ${r.url}: ${res.statusCode} (allowed=${allowed})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
