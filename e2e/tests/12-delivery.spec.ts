import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Issue 8, finding 14: what a cold visit downloads, and how it is served.
const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
const BUDGET_KIB = 150;

/** The scripts and stylesheets index.html makes the browser fetch before the first paint. */
function initialAssets(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

test(`the initial JS + CSS is at most ${BUDGET_KIB} KiB gzipped`, () => {
  const assets = initialAssets();
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  const sizes = assets.map((a) => ({
    a,
    kib: gzipSync(fs.readFileSync(path.join(dist, a)), { level: 9 }).length / 1024,
  }));
  const total = sizes.reduce((n, s) => n + s.kib, 0);
  expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET_KIB);
  // zod (and the domain's schemas) stay out of the first paint.
  for (const a of assets.filter((x) => x.endsWith('.js'))) {
    expect(fs.readFileSync(path.join(dist, a), 'utf8'), a).not.toContain('invalid_union');
  }
});

test('assets are served compressed; hashed ones cached as immutable, the page revalidated', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  // The page itself is under 1 KiB (sent as it is) and always revalidated.
  expect(page.headers()['cache-control']).toBe('no-cache');

  for (const asset of initialAssets()) {
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status(), asset).toBe(200);
    expect(br.headers()['content-encoding'], asset).toBe('br');
    expect(br.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], asset).toBe('gzip');
  }
  // A console route served by the SPA fallback is revalidated too.
  const deep = await request.get('/blogs', { headers: { 'accept-encoding': 'gzip' } });
  expect(deep.headers()['cache-control']).toBe('no-cache');
});
