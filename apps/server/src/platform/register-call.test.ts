import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CALLS, type Call } from '@cohort/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Decision 033: every call beyond the engine's is declared once in packages/domain/src/calls/
// and registered from its declaration; only the engine (resources/) derives routes from a ResourceDef.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'test' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** A route declared by hand: `app.post('/…'`, `r.get(`, `.route({`, or a type-provider instance made to declare one. */
const HAND_ROUTE =
  /\b(app|r|fastify|server|instance|scope)\.(get|post|put|delete|patch|head|options|all)\(\s*[`'"/]|\.route\(\s*\{|withTypeProvider</;

describe('every non-engine call is declared once', () => {
  it('no server file outside the engine and registerCall declares a route by hand', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file);
      if (rel.startsWith('resources/') || rel === 'platform/register-call.ts' || rel === 'app.ts') continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (HAND_ROUTE.test(text)) found.push(`${rel}:${i + 1}: ${text.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('no two declarations share a method and path', () => {
    const keys = ALL_CALLS.map((c) => `${c.method} ${c.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

type Operation = { summary?: string; tags?: string[]; responses: Record<string, unknown> };
let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (t.app.swagger() as unknown as { paths: typeof paths }).paths;
});
afterAll(() => t.close());

/** `/admin/role/update/:id` as the document writes it: `/admin/role/update/{id}`. */
const docPath = (call: Call) => call.path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the server registers each declared call as declared', () => {
  it.each(ALL_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_, call) => {
    const routes = t.app.routeTable.filter((r) => r.method === call.method && r.url === call.path);
    expect(routes).toHaveLength(1);
    expect(routes[0]?.access).toEqual(call.access);
    const op = paths[docPath(call)]?.[call.method.toLowerCase()];
    expect(op, 'documented').toBeDefined();
    expect(op?.tags).toEqual([...call.tags]);
    // Every answer the declaration names, and no other, by status.
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(Object.keys(call.responses).sort());
  });
});
