import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, and a request id that ties it to the answer, the error record and
 * the audit entries (issue 16, finding 10; decision 026). Fastify's own two lines per request
 * are off (`disableRequestLogging`): they came out empty through the redaction formatter, and
 * their url carried query values.
 */

/** An id a proxy or the console may pass in `x-request-id`: short, and nothing that breaks a log or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Fastify's `genReqId`: the caller's `x-request-id` when it looks sane, a new UUID otherwise. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Installed first, so every answer carries the id, a refusal of the access check included. */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Method, route pattern, path without its query (query values may name a person), status,
  // duration, address and user; the request id is the logger's binding. Never the token or a body.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        userId: request.actor?.user.id ?? null,
      },
      'request completed',
    );
  });
}
