import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RoleKey, roleByKey } from '@cohort/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../platform/sessions';
import { emailOf } from './fixtures';

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

/** The real app on a fresh copy of the migrated template database. */
export async function createTestApp(
  overrides: Partial<ReturnType<typeof loadConfig>> = {},
  configure?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
) {
  const { database, drop } = await cloneDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-test-'));
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...overrides },
  );
  const app = await buildApp({ config, db: database.db, logger: false });
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

  async function call(opts: InjectOptions & { token?: string; page?: number }) {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (opts.token) headers.token = opts.token;
    if (opts.page !== undefined) headers.page_num = String(opts.page);
    return app.inject({ ...opts, headers });
  }

  return {
    app,
    db,
    config,
    kind: database.kind,
    userId,
    tokenFor,
    call,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
