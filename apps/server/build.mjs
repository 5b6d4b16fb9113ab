// Bundles the server for `npm start` (dist/, which git ignores): one ES module per entry point,
// TypeScript compiled once instead of by tsx at every start, the workspace's own packages
// (@cohort/domain, TypeScript sources) inlined, every npm dependency left to Node to load.
// Migrations and seed assets stay in src/ and are found from the package's directory (src/paths.ts).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => !name.startsWith('@cohort/'),
);

const started = Date.now();
fs.rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(): give the bundle one.
  banner: {
    js: "import { createRequire as __cohortRequire } from 'node:module'; const require = __cohortRequire(import.meta.url);",
  },
});
console.log(`server bundled into dist/ in ${Date.now() - started} ms`);
