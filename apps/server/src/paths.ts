import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's own directory (apps/server), found by walking up from this module to the
 * package.json that names it: the same answer whether the server runs from its sources (tsx,
 * tests) or from the bundle in dist/ (`npm start`), whose modules sit at another depth.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@cohort/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`@cohort/server's package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const SERVER_DIR = findServerDir();

/** The repository root: defaults (./data, the built console) are relative to it, not to the cwd. */
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

/** Files the server reads at run time, kept beside its sources (not bundled). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
export const SEED_ASSETS_DIR = path.join(SERVER_DIR, 'src/seed/assets');
