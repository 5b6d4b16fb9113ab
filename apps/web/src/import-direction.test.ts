import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The console's imports run one way (ARCHITECTURE.md, "Imports run one way"): shared code
// (components/, lib/) → features/<name>/ → app/. A feature imports no other feature and not the
// app; shared code imports no feature and not the app. Tests and testing/ are exempt: a test
// may render the whole app.
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
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
        const target = path.relative(SRC, path.resolve(path.dirname(file), m[1] as string));
        found.push({ line: i + 1, target: target.split(path.sep).join('/') });
      }
    });
  return found;
}

/** Why an import from `from` to `to` runs the wrong way, or null. */
function wrongWay(from: string, to: string): string | null {
  const [fromTop, fromFeature] = from.split('/');
  const [toTop, toFeature] = to.split('/');
  if (fromTop === 'features') {
    if (toTop === 'app') return 'a feature imports the app';
    if (toTop === 'features' && toFeature !== fromFeature) return 'a feature imports another feature';
  }
  if (fromTop === 'components' || fromTop === 'lib') {
    if (toTop === 'features') return 'shared code imports a feature';
    if (toTop === 'app') return 'shared code imports the app';
  }
  return null;
}

describe('imports run one way in the console', () => {
  it('features import no other feature, and shared code imports no feature', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel.startsWith('testing/')) continue;
      for (const { line, target } of importsOf(file)) {
        const why = wrongWay(rel, target);
        if (why) offending.push(`${rel}:${line} → ${target} (${why})`);
      }
    }
    expect(offending).toEqual([]);
  });
});
