import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResources } from './composition/resource-bindings';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerConfigurationRoutes } from './modules/configuration/configuration.routes';
import { registerContentRoutes } from './modules/content/content.routes';
import { registerCrmRoutes } from './modules/crm/crm.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerHistoryRoutes } from './modules/history/history.routes';
import { registerImpersonationRoutes } from './modules/impersonation/impersonation.routes';
import { registerIsaRoutes } from './modules/isa/isa.routes';
import { registerPreferenceRoutes } from './modules/preferences/preferences.routes';
import { registerRoleRoutes } from './modules/roles/roles.routes';
import { registerSavedViewRoutes } from './modules/saved-views/saved-views.routes';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { registerLearnerRecordRoutes } from './modules/users/learner-records.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { installAccessControl } from './platform/access';
import { trustProxyOption } from './platform/client-address';
import { installCompression } from './platform/compression';
import { installContentTypeChecks } from './platform/content-types';
import { installErrorHandler } from './platform/errors';
import { redactSecrets } from './platform/log-redaction';
import { createMailer, type Mailer } from './platform/mail';
import { completeResponses, transformDocument, transformRoute } from './platform/openapi';
import { installRequestLog, requestIdOf } from './platform/request-log';
import { createSecretBox, loadSecretKey, type SecretBox } from './platform/secret-box';
import { installSecurityHeaders } from './platform/security-headers';
import { storableValidatorCompiler } from './platform/storable';
import { createStorageDriver, type StorageDriver } from './platform/storage';
import { type SlashlessPaths, slashlessPaths } from './platform/trailing-slash';
import { incomingDir, sweepIncoming } from './platform/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: StorageDriver;
    secrets: SecretBox;
    mailer: Mailer;
    /** Spec paths with a trailing slash, declared without it (platform/trailing-slash.ts). */
    slashless: SlashlessPaths;
  }
}

export type AppOptions = {
  config: Config;
  db: Db;
  storage?: StorageDriver;
  secrets?: SecretBox;
  /** Outgoing mail; default: SMTP_URL through nodemailer, or the outbox alone (platform/mail.ts). */
  mailer?: Mailer;
  /** false: no logging; a stream: log lines go there (tests read them). */
  logger?: boolean | { stream: NodeJS.WritableStream };
};

/** Url prefixes whose routes belong to plugins (docs UI); they are public. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];
/** The console's files (@fastify/static's catch-all). */
const STATIC_ROUTES = ['/*'];

/** Every registered route with its access declaration: the route-walk test reads this. */
export type RouteEntry = { method: string; url: string; access: unknown };

export async function buildApp(opts: AppOptions): Promise<FastifyInstance & { routeTable: RouteEntry[] }> {
  const { config } = opts;
  const slashless = slashlessPaths();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}),
            // Every line, whatever logged it: secrets under telling keys and argon2 hashes are cut out.
            formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) as Record<string, unknown> },
          },
    // One line per request of our own (platform/request-log.ts), under an id answered in x-request-id.
    // (through a LogController: the top-level options are deprecated and warn at every start)
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    rewriteUrl: slashless.rewriteUrl,
  }) as unknown as FastifyInstance & { routeTable: RouteEntry[] };
  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate('storage', opts.storage ?? createStorageDriver(config));
  // Uploads a stopped process was still receiving (platform/uploads.ts) are cleared at start.
  void sweepIncoming(incomingDir(app)).catch((err: unknown) => app.log.warn({ err }, 'could not clear old uploads'));
  app.decorate(
    'secrets',
    opts.secrets ?? createSecretBox(loadSecretKey({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR })),
  );
  app.decorate('mailer', opts.mailer ?? createMailer(config));
  app.decorate('slashless', slashless);
  app.decorate('routeTable', [] as RouteEntry[]);

  app.setValidatorCompiler(storableValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestLog(app);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: unknown };
    if (
      !config.access &&
      (PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)) || STATIC_ROUTES.includes(route.url))
    ) {
      route.config = { ...config, access: 'public' } as typeof route.config;
    } else if (!config.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    } else {
      completeResponses(route);
    }
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, access: (route.config as { access?: unknown }).access });
    }
  });

  installAccessControl(app);
  installContentTypeChecks(app);
  installSecurityHeaders(app);
  // Before every route: its hook is added to the routes registered after it.
  await installCompression(app);
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cohort Admin API',
        version: '0.1.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          'Staff console API. Send the session token in the `token` header; lists take `page_num`. Every answer carries `x-request-id` (yours, when it is 1-64 characters of A-Z a-z 0-9 _ -).',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      // The load balancers' liveness probe, not an API call: kept out of the document (decision 030).
      schema: { hide: true, summary: 'Liveness', response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async () => ({ ok: true }),
  );
  registerAuthRoutes(app);
  registerRoleRoutes(app);
  registerDashboardRoutes(app);
  registerFileRoutes(app);
  registerPreferenceRoutes(app);
  const services = registerResources(app);
  registerContentRoutes(app, services);
  registerConfigurationRoutes(app, services);
  registerImpersonationRoutes(app);
  registerHistoryRoutes(app, services);
  registerLearnerRecordRoutes(app, services);
  registerUserRoutes(app, services);
  registerCrmRoutes(app, services);
  registerIsaRoutes(app);
  registerSubscriptionRoutes(app, services);
  registerSavedViewRoutes(app, services);

  // The built console, with the SPA fallback for its client-side routes.
  const dist = config.WEB_DIST;
  const hasConsole = fs.existsSync(path.join(dist, 'index.html'));
  if (hasConsole)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: ['index.html'],
      prefix: '/',
      // Brotli or gzip files written at build (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // Content-hashed assets never change under their name; everything else is revalidated.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  const API = /^\/(admin|auth|api|files)(\/|$)/;
  app.setNotFoundHandler((request, reply) => {
    if (hasConsole && request.method === 'GET' && !API.test(request.url)) {
      // Not returned: a returned reply is awaited as a thenable, one more listener on the response.
      reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    return reply
      .code(404)
      .send({ message: `Route ${request.method}:${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
  return app;
}
