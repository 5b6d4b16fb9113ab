import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorAnswer } from './errors';

/** Tells a long call how far it is: `done` of `total` units of its work. */
export type Progress = (done: number, total: number) => void;

export const NDJSON = 'application/x-ndjson';

/** True when the caller asked for the call's progress (`Accept: application/x-ndjson`). */
export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes(NDJSON);
}

/** A 200 that is either the call's JSON answer or, when asked for, its progress as NDJSON lines. */
export function withProgressResponse<T extends z.ZodType, L extends z.ZodType>(
  result: T,
  line: L,
  description: string,
) {
  return {
    description,
    content: { 'application/json': { schema: result }, [NDJSON]: { schema: line } },
  };
}

/**
 * Runs a long call. Asked for progress, the answer becomes NDJSON at the call's first report:
 * `{"done","total"}` lines, then `{"result"}`, or `{"error","status"}` when the call failed
 * after it began (its transaction undone, so nothing of it stays). A failure before the first
 * report (a bad request, a refusal) is answered as any other, with its own status. Not asked,
 * the call answers its JSON result as usual (decision 024).
 */
export async function runWithProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (progress?: Progress) => Promise<T>,
): Promise<T | FastifyReply> {
  if (!wantsProgress(request)) return run(undefined);
  let stream: PassThrough | undefined;
  const write = (line: unknown) => stream?.write(`${JSON.stringify(line)}\n`);
  const progress: Progress = (done, total) => {
    if (!stream) {
      stream = new PassThrough();
      reply.code(200).type(NDJSON).header('cache-control', 'no-store').send(stream);
    }
    write({ done, total });
  };
  try {
    const result = await run(progress);
    if (!stream) return result;
    write({ result });
    stream.end();
    return reply;
  } catch (err) {
    if (!stream) throw err;
    // What the error handler would have answered, as the last line (the status is already 200).
    const { status, body } = await errorAnswer(err, request);
    write({ error: body, status });
    stream.end();
    return reply;
  }
}
