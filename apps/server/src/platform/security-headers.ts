import type { FastifyInstance } from 'fastify';

/**
 * The console keeps its session token in localStorage (spec §9: state persists there), so
 * script injection is the threat that matters: no inline script, nothing from elsewhere,
 * no framing. Styles may be inline (Mantine writes its CSS variables into a <style>).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const API = /^\/(admin|auth|api)(\/|$|\?)/;
const DOCS = /^\/api\/docs(\/|$|\?)/;

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    // The API docs page sets its own policy (hashes of its inline code); everything else gets ours.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    // Only over HTTPS (directly, or behind a proxy named in TRUST_PROXY): a browser ignores it on http.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers carry learner data: never kept by a browser or a shared cache.
    if (API.test(request.url) && !DOCS.test(request.url)) reply.header('cache-control', 'no-store');
  });
}
