import process from 'node:process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { domainAlias } from './domain-alias.ts';

// The API server for `vite` and `vite preview` (override with API_URL=http://localhost:3100).
const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/admin', '/auth', '/files', '/api', '/colleges', '/contact'];

export default defineConfig({
  plugins: [react()],
  base: '/',
  resolve: { alias: [domainAlias] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true }])),
  },
});
