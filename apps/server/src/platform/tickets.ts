import type { FastifyRequest } from 'fastify';
import type { SecretBox } from './secret-box';

/**
 * Short-lived tickets for files a browser element fetches by itself (a <video>, a document in
 * a new tab): such a request cannot send the `token` header. A staff read that passed the
 * access check and the row scope mints one for one stored file; the file's route, declared
 * with `ticket: <context>`, accepts it instead of a session until it expires (decision 017).
 * Sealed with the server's secret box, bound to its context: not forgeable, not reusable
 * for another kind of file.
 */
export function issueTicket(secrets: SecretBox, context: string, subject: string, ttlMs: number, now = Date.now()) {
  return secrets.seal(JSON.stringify({ sub: subject, exp: now + ttlMs }), `ticket:${context}`);
}

/** The ticket's subject, or null when it is not one of this context's or has expired. */
export function readTicket(secrets: SecretBox, context: string, ticket: string, now = Date.now()): string | null {
  try {
    const { sub, exp } = JSON.parse(secrets.open(ticket, `ticket:${context}`)) as { sub: string; exp: number };
    return typeof sub === 'string' && typeof exp === 'number' && exp > now ? sub : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The subject of the ticket a request came with instead of a session (routes declared with `ticket`). */
    ticketSubject?: string;
  }
}

/** The ticket a request carries in its query (`?ticket=`), if any. */
export function ticketOf(request: FastifyRequest): string | undefined {
  const t = (request.query as { ticket?: unknown } | undefined)?.ticket;
  return typeof t === 'string' && t.length > 0 ? t : undefined;
}
