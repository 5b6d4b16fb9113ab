import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CALLS } from '@cohort/domain';
import { describe, expect, it } from 'vitest';

// Decision 033: the console writes no API path by hand. Declared calls go through lib/call.ts
// (`call(calls.roles.create, …)`), engine resources' through their ResourceDef (`engineUrl`,
// `staffCall`, `routeUrl`). Tests and their helpers (testing/) may name paths: they check them.
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The first segment of every declared call's path (`/admin`, `/auth`, `/files`), and the engine's `/admin`. */
const PREFIXES = [...new Set(['admin', ...ALL_CALLS.map((c) => c.path.split('/')[1] ?? '')])].filter(Boolean);
/** A string or template literal that starts with one of them. */
const LITERAL_PATH = new RegExp(`['"\`]/(${PREFIXES.join('|')})(/|['"\`?$])`);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The text without its comments (a comment may name the call it documents), lines kept in place. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}

describe('the console writes no API path by hand', () => {
  it('names the prefixes of the declared calls', () => {
    expect(PREFIXES).toEqual(expect.arrayContaining(['admin', 'auth', 'files']));
  });

  it('no non-test source file under apps/web/src has a literal API path', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      code(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          if (LITERAL_PATH.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
