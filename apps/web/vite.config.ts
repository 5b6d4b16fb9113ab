import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { domainAlias } from './domain-alias.ts';

// The API server for `vite` and `vite preview` (override with API_URL=http://localhost:3100).
const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/admin', '/auth', '/files', '/api', '/colleges', '/contact'];

/** Writes .br and .gz beside every text asset, so the server sends them compressed without work per request. */
function precompress(): Plugin {
  return {
    name: 'cohort-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const data = fs.readFileSync(file);
        // Scripts and stylesheets always (a tiny shared chunk the first paint loads is still sent
        // compressed, as e2e/tests/12-delivery.spec.ts asks); the page itself only past 1 KiB.
        if (data.length < 1024 && !/\.(js|css)$/.test(name)) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  base: '/',
  resolve: { alias: [domainAlias] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true }])),
  },
});
