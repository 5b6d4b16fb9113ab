import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RoleKey, roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../platform/sessions';
import type { StorageDriver } from '../platform/storage';
import { emailOf } from './fixtures';
import { createResponseValidator } from './openapi-validator';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `cohort_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
    return {
      database,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('no template database: run through vitest with the global setup');
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(file)]) });
  return { database, drop: async () => {} };
}

/**
 * Every answer the app gives in a test is checked against the OpenAPI document it serves
 * (routes hidden from the document, e.g. a test's own, are skipped).
 */
function validateAnswers(app: FastifyInstance) {
  const violations: string[] = [];
  const exercised = new Set<string>();
  let validator: ReturnType<typeof createResponseValidator> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (!route.url || request.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    if (route.url.startsWith('/api/docs')) return;
    validator ??= createResponseValidator(app.swagger() as never);
    const contentType = reply.getHeader('content-type');
    const problem = validator.check({
      method: request.method,
      routeUrl: route.url,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined,
    });
    for (const op of validator.exercised) exercised.add(op);
    if (problem) violations.push(problem);
  });
  return { violations, exercised };
}

/** Route options of a test's own route: kept out of the OpenAPI document and its answer checks. */
export const TEST_ROUTE = { hide: true, response: { 200: z.unknown() } } as const;

/** The real app on a fresh copy of the migrated template database. */
export async function createTestApp(
  overrides: Partial<ReturnType<typeof loadConfig>> = {},
  configure?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
  /** Where the app's log lines go (tests that read them); no logging without it. */
  logStream?: NodeJS.WritableStream,
  /** `database`: serve this one (closed with the app) instead of a copy of the template. */
  extra: { storage?: StorageDriver; database?: Database } = {},
) {
  const { database, drop } = extra.database
    ? { database: extra.database, drop: async () => {} }
    : await cloneDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-test-'));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: logStream ? 'info' : 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...overrides,
    },
  );
  const app = await buildApp({
    config,
    db: database.db,
    logger: logStream ? { stream: logStream } : false,
    storage: extra.storage,
  });
  const openapi = validateAnswers(app);
  configure?.(app);
  await app.ready();
  const db = database.db;

  async function userId(role: RoleKey): Promise<number> {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, emailOf(role)), eq(users.roleId, roleByKey(role)!.id)));
    return u.id;
  }

  /** A full session for the fixture user of a role (no HTTP login: keeps the throttle out of other tests). */
  async function tokenFor(role: RoleKey): Promise<string> {
    return createSession(db, config, await userId(role));
  }

  /** A full session for any user. */
  function createSessionFor(id: number): Promise<string> {
    return createSession(db, config, id);
  }

  async function call(opts: InjectOptions & { token?: string; page?: number }) {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (opts.token) headers.token = opts.token;
    if (opts.page !== undefined) headers.page_num = String(opts.page);
    return app.inject({ ...opts, headers });
  }

  return {
    app,
    db,
    /** The database behind `db`, with its raw SQL door (the job queue's tests start queues on it). */
    database,
    config,
    kind: database.kind,
    userId,
    tokenFor,
    createSessionFor,
    call,
    /** Answers that broke the OpenAPI document so far; `close()` fails the file on any. */
    openapiViolations: openapi.violations,
    openapiExercised: openapi.exercised,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (openapi.violations.length) {
        throw new Error(`Answers that break the OpenAPI document:\n${[...new Set(openapi.violations)].join('\n')}`);
      }
    },
  };
}
