import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's layers, low to high (ARCHITECTURE.md, "Imports run one way"): a file may import
// its own layer and lower ones, never a higher one. Tests and test/ are exempt: they drive the
// whole app. Modules and the seed are writers over the engine; the app level composes them.
const SRC = path.dirname(fileURLToPath(import.meta.url));
const LAYERS: readonly (readonly string[])[] = [
  ['config.ts', 'paths.ts', 'db'],
  ['platform'],
  ['resources'],
  ['modules', 'seed'],
  ['composition', 'app.ts', 'schedule.ts', 'main.ts', 'worker.ts'],
];

function layerOf(rel: string): number {
  const top = rel.split('/')[0] ?? '';
  return LAYERS.findIndex((names) => names.includes(top));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every relative import (static, dynamic, re-export) of a file, with its line. */
function importsOf(file: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
        found.push({ line: i + 1, target: path.resolve(path.dirname(file), m[1] as string) });
      }
    });
  return found;
}

describe('imports run one way on the server', () => {
  it('no file imports a layer above its own', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const from = layerOf(rel);
      if (rel.startsWith('test/')) continue;
      expect(from, `${rel} is in no layer`).toBeGreaterThanOrEqual(0);
      for (const { line, target } of importsOf(file)) {
        const to = layerOf(path.relative(SRC, target).split(path.sep).join('/'));
        if (to > from) offending.push(`${rel}:${line} → ${path.relative(SRC, target)}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
