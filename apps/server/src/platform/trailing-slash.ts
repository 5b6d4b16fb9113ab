import type { IncomingMessage } from 'node:http';

/**
 * Paths the spec names with a trailing slash (`GET /admin/user/batch/?batch=`). An OpenAPI
 * path may not end in one (redocly's `no-path-trailing-slash`), so such a route is declared
 * without it, and a request for the slashed form is rewritten to it before routing: both
 * forms answer, from one route the document describes (decision 030). Only the paths
 * declared here are rewritten; every other path keeps its one form.
 */
export type SlashlessPaths = {
  /** The url to register for `url`: without its trailing slash, the slashed form remembered. */
  declare(url: string): string;
  /** Fastify's `rewriteUrl`: the slashed form of a declared path becomes its route's url. */
  rewriteUrl(req: IncomingMessage): string;
};

export function slashlessPaths(): SlashlessPaths {
  const slashed = new Set<string>();
  return {
    declare(url) {
      if (url.length <= 1 || !url.endsWith('/')) return url;
      slashed.add(url);
      return url.slice(0, -1);
    },
    rewriteUrl(req) {
      const url = req.url ?? '/';
      if (slashed.size === 0) return url;
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      return slashed.has(path) ? path.slice(0, -1) + (q === -1 ? '' : url.slice(q)) : url;
    },
  };
}
