import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordServerError } from './errors';

/**
 * Sends a CSV built from chunks (the header row with the first page, then a page a chunk)
 * so that a failure never looks like a whole file:
 * - the first chunk is produced before any header is sent: a query that fails at once
 *   (bad input, a broken query) is an ordinary error answer, not a 200;
 * - a later failure is recorded in `backend_errors` and breaks the stream, so the
 *   connection ends without the chunked terminator and the browser reports a failed
 *   download instead of saving a short file.
 */
export async function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  filename: string,
  chunks: AsyncIterator<string | Uint8Array>,
): Promise<Readable> {
  const first = await chunks.next();
  async function* body() {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    } catch (error) {
      await recordServerError(request, error);
      throw error;
    } finally {
      // A download the browser gave up on ends the source too (and frees what it holds).
      await chunks.return?.();
    }
  }
  // A connection closed before the body was read never starts it: end the source there too.
  reply.raw.once('close', () => void chunks.return?.());
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`);
  return Readable.from(body());
}
