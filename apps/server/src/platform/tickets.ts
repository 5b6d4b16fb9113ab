import type { FastifyRequest } from 'fastify';
import type { SecretBox } from './secret-box';

/**
 * Short-lived tickets for files a browser element fetches by itself (a <video>, a document in
 * a new tab): such a request cannot send the `token` header. A staff read that passed the
 * access check and the row scope mints one for one stored file and the session that asked;
 * the file's route, declared with `ticket: <context>`, accepts it instead of a token while it
 * has not expired *and* that session is still live, checking the session's current role and
 * row scope on every use (decisions 017 and 029). Sealed with the server's secret box, bound
 * to its context: not forgeable, not reusable for another kind of file.
 */
export function issueTicket(
  secrets: SecretBox,
  context: string,
  grant: { subject: string; sessionId: number },
  ttlMs: number,
  now = Date.now(),
) {
  return secrets.seal(
    JSON.stringify({ sub: grant.subject, sid: grant.sessionId, exp: now + ttlMs }),
    `ticket:${context}`,
  );
}

/** The ticket's subject and session, or null when it is not one of this context's or has expired. */
export function readTicket(
  secrets: SecretBox,
  context: string,
  ticket: string,
  now = Date.now(),
): { subject: string; sessionId: number } | null {
  try {
    const { sub, sid, exp } = JSON.parse(secrets.open(ticket, `ticket:${context}`)) as {
      sub: unknown;
      sid: unknown;
      exp: unknown;
    };
    if (typeof sub !== 'string' || !Number.isSafeInteger(sid) || typeof exp !== 'number' || exp <= now) return null;
    return { subject: sub, sessionId: sid as number };
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The subject of the ticket a request came with instead of a token (routes declared with `ticket`); `actor` is its session's. */
    ticketSubject?: string;
  }
}

/** The ticket a request carries in its query (`?ticket=`), if any. */
export function ticketOf(request: FastifyRequest): string | undefined {
  const t = (request.query as { ticket?: unknown } | undefined)?.ticket;
  return typeof t === 'string' && t.length > 0 ? t : undefined;
}
