import type { FastifyInstance } from 'fastify';
import { acceptedBodyType, unsupportedBody } from './errors';

function mediaTypeOf(header: string | undefined): string | undefined {
  const type = header?.split(';')[0].trim().toLowerCase();
  return type || undefined;
}

/**
 * Each call takes one type of body: JSON, or a multipart form for a file (issue 16, finding 8).
 * A body of another type is refused with a 415 that says which, before it is parsed: JSON sent
 * as text/plain used to reach validation as a string ("Enter the details as a group of
 * fields") and a form sent to a JSON call as no body at all ("This is required").
 */
export function installContentTypeChecks(app: FastifyInstance) {
  // preParsing: after the access check (onRequest), before the body is read.
  app.addHook('preParsing', async (request) => {
    const sent = mediaTypeOf(request.headers['content-type']);
    const accepted = acceptedBodyType(request);
    // No type: no body, or one Fastify refuses itself (answered as unsupportedBody by the error handler).
    if (!sent || !accepted || sent === accepted) return;
    throw unsupportedBody(request);
  });
}
