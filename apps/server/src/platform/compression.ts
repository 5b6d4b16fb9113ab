import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers of 1 KiB or more are sent brotli- or gzip-compressed when the caller's
 * Accept-Encoding takes it (issue 18, finding 17; decision 035): a 100-row page is ~37 KB of
 * JSON, a few KB compressed. Only `application/json`, on purpose:
 * - NDJSON progress (platform/progress.ts) must reach the caller line by line; a compressor
 *   holds lines back until its block fills, so those answers stay as they are.
 * - CSV exports stream with backpressure and break midway on a failure (platform/csv-response.ts);
 *   they are left uncompressed rather than put behind a compressor's buffer and error path.
 * - Files: their own types, so never touched; a 206 or any answer with Content-Range is skipped
 *   by the plugin anyway (a range counts bytes of the file, not of a compressed body).
 * - The console's assets are compressed at build and served with their Content-Encoding set
 *   (vite.config.ts, @fastify/static `preCompressed`), which the plugin leaves alone.
 * Bodies that come in compressed are not inflated (`globalDecompression: false`): a JSON call
 * takes plain JSON, as before.
 */
export const COMPRESSED_TYPES = /^application\/json(\s*;|$)/i;

export async function installCompression(app: FastifyInstance) {
  // The plugin compresses whatever mime-db calls compressible (text/csv included) besides
  // `customTypes`; its one per-answer switch is the `x-no-compression` request header. Set here,
  // in an instance hook, which runs before the plugin's route hook.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !COMPRESSED_TYPES.test(type)) request.headers['x-no-compression'] = 'not JSON';
    return payload;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSED_TYPES,
  });
}
