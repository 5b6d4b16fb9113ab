import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { CONTENT_SECURITY_POLICY } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers (issue 6, finding 8)', () => {
  it('a strict Content-Security-Policy on every answer: no inline script, no framing', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    const err = await t.call({ method: 'GET', url: '/admin/blog/get' });
    expect(err.statusCode).toBe(401);
    expect(err.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('API answers are never stored by a browser or a cache', async () => {
    const token = await t.tokenFor('ADMIN');
    for (const url of ['/admin/user/get', '/admin/auth/session', '/api/health']) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('Strict-Transport-Security only over HTTPS (behind a trusted proxy)', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: 1 });
    try {
      const res = await proxied.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // An untrusted header changes nothing.
      const spoofed = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('the API docs page keeps a policy of its own that lets it run', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).not.toBe(CONTENT_SECURITY_POLICY);
  });
});
