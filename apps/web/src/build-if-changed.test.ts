import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildIfChanged, HASH_FILE } from '../build-if-changed.mjs';

let root: string;
let dist: string;
let builds: number;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const build = () => {
  builds += 1;
  // As vite does: the output folder emptied, then written.
  fs.rmSync(dist, { recursive: true, force: true });
  write('apps/web/dist/index.html', `<html>build ${builds}</html>`);
};
const start = () => buildIfChanged({ root, dist, build, log: () => {} });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-build-'));
  dist = path.join(root, 'apps/web/dist');
  builds = 0;
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/domain/src/enums.ts', 'export const A = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds the console only when its sources changed (issue 18, finding 19)', () => {
  it('builds on a fresh clone, then not again while nothing changed', () => {
    expect(start()).toBe(true);
    expect(fs.existsSync(path.join(dist, HASH_FILE))).toBe(true);
    expect(start()).toBe(false);
    expect(start()).toBe(false);
    expect(builds).toBe(1);
  });

  it.each([
    ['a console source', 'apps/web/src/main.tsx'],
    ['a new console file', 'apps/web/src/new-page.tsx'],
    ['the domain package it imports', 'packages/domain/src/enums.ts'],
    ['the lockfile', 'package-lock.json'],
    ['the shared tsconfig', 'tsconfig.base.json'],
  ])('builds again after a change to %s', (_what, rel) => {
    start();
    write(rel, 'changed');
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(builds).toBe(2);
  });

  it('a removed source counts as a change; the build output itself does not', () => {
    start();
    fs.writeFileSync(path.join(dist, 'extra.js'), 'x');
    expect(start()).toBe(false);
    fs.rmSync(path.join(root, 'apps/web/index.html'));
    expect(start()).toBe(true);
  });

  it('builds again when the output is gone or unvouched for (a failed build, a hand-made dist)', () => {
    start();
    fs.rmSync(path.join(dist, 'index.html'));
    expect(start()).toBe(true);
    // A build that fails midway: no hash vouches for what it left, so the next start builds.
    write('apps/web/src/main.tsx', 'broken(');
    expect(() =>
      buildIfChanged({
        root,
        dist,
        log: () => {},
        build: () => {
          throw new Error('vite failed');
        },
      }),
    ).toThrow('vite failed');
    expect(fs.existsSync(path.join(dist, HASH_FILE))).toBe(false);
    expect(start()).toBe(true);
    expect(builds).toBe(3);
  });

  it('hashes what the real build reads', () => {
    expect(BUILD_INPUTS).toEqual(['apps/web', 'packages/domain', 'package-lock.json', 'tsconfig.base.json']);
  });
});
