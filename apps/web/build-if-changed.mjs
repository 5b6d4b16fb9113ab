// `npm start` builds the console only when what goes into the build changed since the last
// build (issue 18, finding 19): a hash of the console's sources, the domain package it imports,
// the lockfile and the shared tsconfig, kept beside the build output. No hash file (a fresh
// clone, a failed or foreign build) or a different one: build, then write the hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HASH_FILE = '.source-hash';

/** What the build reads, relative to the repository root: folders are read whole. */
export const BUILD_INPUTS = ['apps/web', 'packages/domain', 'package-lock.json', 'tsconfig.base.json'];
/** Never inputs: the build's own output and installed packages. */
const SKIPPED = new Set(['dist', 'node_modules']);

function filesUnder(root, rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(root, path.posix.join(rel, entry.name)));
}

/** SHA-256 over every input file's path and bytes, in a stable order. */
export function sourceHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const rel of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when `dist` holds a whole build (index.html) of exactly these sources. */
export function buildIsCurrent(dist, hash) {
  const file = path.join(dist, HASH_FILE);
  return (
    fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === hash
  );
}

/** Builds with `build` unless the build in `dist` is of these sources; answers whether it built. */
export function buildIfChanged({ root, dist, inputs = BUILD_INPUTS, build, log = console.log }) {
  const hash = sourceHash(root, inputs);
  if (buildIsCurrent(dist, hash)) {
    log('Console unchanged since its last build: not rebuilt (apps/web/dist).');
    return false;
  }
  // Gone first: a build that fails midway leaves no hash that vouches for it.
  fs.rmSync(path.join(dist, HASH_FILE), { force: true });
  build();
  fs.writeFileSync(path.join(dist, HASH_FILE), `${hash}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const web = path.dirname(fileURLToPath(import.meta.url));
  buildIfChanged({
    root: path.resolve(web, '../..'),
    dist: path.join(web, 'dist'),
    build: () => {
      const run = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
      if (run.status !== 0) process.exit(run.status ?? 1);
    },
  });
}
