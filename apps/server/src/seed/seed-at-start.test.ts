import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { roleByKey } from '@cohort/domain';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../platform/passwords';
import { localStorageDriver } from '../platform/storage';
import { createTestApp } from '../test/test-app';
import { DEMO_PASSWORD, STAFF_ACCOUNTS } from './demo-accounts';
import { seedAtStart } from './seed-at-start';

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-start-'));
const files = { storage: localStorageDriver(uploads), bucket: 'miscellaneous' };
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

async function emptyDatabase(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

/** One start of the server against `database` with this environment: what it printed, in order. */
async function start(database: Database, env: Record<string, string> = {}) {
  const printed: string[] = [];
  const config = loadConfig({ SEED_LEARNERS: '20', ...env });
  const result = await seedAtStart(database.db, config, { files, print: (line) => printed.push(line) });
  // main.ts prints the login lines once the server listens.
  printed.push(...result.loginLines);
  return { ...result, output: printed.join('\n') };
}

async function accounts(database: Database) {
  return database.db
    .select({
      email: users.email,
      roleId: users.roleId,
      passwordHash: users.passwordHash,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users);
}

/** The one-time password in the start's output. */
function printedPassword(output: string): string {
  const match = /^\s*password\s+(\S+)\s*$/m.exec(output);
  if (!match) throw new Error(`no password printed in:\n${output}`);
  return match[1];
}

describe('a start without DEMO (production)', () => {
  it('gives an empty database exactly one ADMIN and no demo accounts', async () => {
    const database = await emptyDatabase();
    const first = await start(database);
    const rows = await accounts(database);
    expect(rows).toHaveLength(1);
    expect(rows[0].roleId).toBe(roleByKey('ADMIN')!.id);
    expect(rows[0].email).toBe('admin@cohort.local');
    expect(rows[0].mustChangePassword).toBe(true);
    expect(first.seeded).toBe(false);
    expect(first.output).not.toContain(DEMO_PASSWORD);
    for (const a of STAFF_ACCOUNTS) expect(first.output).not.toContain(a.email);
    await database.close();
  });

  it('prints a strong one-time password once, and no later start prints a password', async () => {
    const database = await emptyDatabase();
    const first = await start(database);
    const password = printedPassword(first.output);
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [admin] = await accounts(database);
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);

    const second = await start(database);
    expect(second.output).not.toContain(password);
    expect(second.output).not.toMatch(/password/i);
    expect(second.loginLines).toEqual([]);
    expect(await accounts(database)).toEqual([admin]);
    await database.close();
  });

  it('takes INITIAL_ADMIN_EMAIL and INITIAL_ADMIN_PASSWORD from the environment and never prints the password', async () => {
    const database = await emptyDatabase();
    const env = { INITIAL_ADMIN_EMAIL: 'ops@example.com', INITIAL_ADMIN_PASSWORD: 'a long chosen passphrase' };
    const first = await start(database, env);
    const second = await start(database, env);
    const rows = await accounts(database);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ops@example.com',
      roleId: roleByKey('ADMIN')!.id,
      mustChangePassword: true,
    });
    expect(await verifyPassword(rows[0].passwordHash, env.INITIAL_ADMIN_PASSWORD)).toBe(true);
    for (const { output } of [first, second]) expect(output).not.toContain(env.INITIAL_ADMIN_PASSWORD);
    expect(first.output).toContain('ops@example.com');
    await database.close();
  });

  it('refuses an INITIAL_ADMIN_PASSWORD shorter than the password rule', () => {
    expect(() => loadConfig({ INITIAL_ADMIN_PASSWORD: 'short' })).toThrow(/INITIAL_ADMIN_PASSWORD/);
  });
});

describe('a start with DEMO=true (npm start, the journeys)', () => {
  it("seeds today's demo data and prints the demo logins, on every start", async () => {
    const database = await emptyDatabase();
    const first = await start(database, { DEMO: 'true' });
    expect(first.seeded).toBe(true);
    const rows = await accounts(database);
    for (const a of STAFF_ACCOUNTS) {
      const row = rows.find((r) => r.email === a.email);
      expect(row, a.email).toBeDefined();
      expect(row!.mustChangePassword).toBe(false);
    }
    const admin = rows.find((r) => r.email === 'admin@cohort.test')!;
    expect(await verifyPassword(admin.passwordHash, DEMO_PASSWORD)).toBe(true);
    const [{ n: learners }] = await database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.roleId, roleByKey('USER')!.id));
    expect(learners).toBeGreaterThanOrEqual(20);

    const second = await start(database, { DEMO: 'true' });
    expect(second.seeded).toBe(false);
    for (const { output } of [first, second]) {
      expect(output).toContain(`Demo logins (password ${DEMO_PASSWORD}):`);
      for (const a of STAFF_ACCOUNTS) expect(output).toContain(a.email);
    }
    await database.close();
  });
});

/** Routes the first ADMIN may call before choosing a password. */
const BEFORE_NEW_PASSWORD = new Set([
  'GET /admin/auth/session',
  'POST /admin/auth/change-password',
  'POST /admin/logout',
  'POST /auth/logout',
]);

function concrete(url: string): string {
  return url
    .replace(':bucket', 'miscellaneous')
    .replace(':key', 'missing.png')
    .replace(/:[A-Za-z]+/g, '999999');
}

describe('the first ADMIN must change the password at first login', () => {
  it('is refused every call but the session, changing the password and logging out, until they do', async () => {
    const database = await emptyDatabase();
    const password = printedPassword((await start(database)).output);
    const t = await createTestApp({}, undefined, undefined, { database });
    try {
      const login = await t.call({
        method: 'POST',
        url: '/auth/login/admin',
        payload: { email: 'admin@cohort.local', password },
      });
      expect(login.statusCode).toBe(200);
      const { token, user } = login.json();
      expect(user.mustChangePassword).toBe(true);

      const wrong: string[] = [];
      for (const r of t.app.routeTable) {
        if (r.method === 'HEAD' || r.access === 'public' || r.url.startsWith('/api/docs')) continue;
        if (BEFORE_NEW_PASSWORD.has(`${r.method} ${r.url}`)) continue;
        const res = await t.call({
          method: r.method as 'GET',
          url: concrete(r.url),
          token,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}),
        });
        if (res.statusCode !== 403 || res.json().code !== 'PASSWORD_CHANGE_REQUIRED') {
          wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
      expect(wrong).toEqual([]);
      const refused = await t.call({ method: 'GET', url: '/admin/user/get', token, page: 1 });
      expect(refused.json()).toEqual({
        message: 'Choose a new password to continue',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });

      const session = await t.call({ method: 'GET', url: '/admin/auth/session', token });
      expect(session.statusCode).toBe(200);
      expect(session.json().user.mustChangePassword).toBe(true);

      const changed = await t.call({
        method: 'POST',
        url: '/admin/auth/change-password',
        token,
        payload: { currentPassword: password, newPassword: 'my own new passphrase' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/admin/auth/session', token })).json().user.mustChangePassword).toBe(
        false,
      );
      expect((await t.call({ method: 'GET', url: '/admin/user/get', token, page: 1 })).statusCode).toBe(200);
      const again = await t.call({
        method: 'POST',
        url: '/auth/login/admin',
        payload: { email: 'admin@cohort.local', password: 'my own new passphrase' },
      });
      expect(again.json().user.mustChangePassword).toBe(false);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('holds the same with a password from INITIAL_ADMIN_PASSWORD, and logging out works', async () => {
    const database = await emptyDatabase();
    await start(database, {
      INITIAL_ADMIN_EMAIL: 'ops@example.com',
      INITIAL_ADMIN_PASSWORD: 'a long chosen passphrase',
    });
    const t = await createTestApp({}, undefined, undefined, { database });
    try {
      const login = await t.call({
        method: 'POST',
        url: '/auth/login/admin',
        payload: { email: 'ops@example.com', password: 'a long chosen passphrase' },
      });
      const { token, user } = login.json();
      expect(user.mustChangePassword).toBe(true);
      const refused = await t.call({ method: 'GET', url: '/admin/dashboard/stats', token });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
      expect((await t.call({ method: 'POST', url: '/admin/logout', token })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/admin/auth/session', token })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)('processes starting at once on one empty PostgreSQL database', () => {
  it('all start, create one first ADMIN between them, and only one prints a password', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `cohort_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    // Each a process with its own pool.
    const opened = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
    );
    // Writes to users wait (as behind a slow migration) until every start has reached its write:
    // without a guard, each has seen an empty table by then.
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await opened[0].migrate();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE users IN SHARE MODE');
      const starting = Promise.allSettled(opened.map((d) => start(d)));
      // Asked from another connection: inside the blocker's transaction the statistics stay as first read.
      for (let waited = 0; ; waited += 100) {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [name],
        );
        if (rows[0].n >= opened.length) break;
        if (waited > 30_000) throw new Error(`only ${rows[0].n} starts reached their write`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await blocker.query('COMMIT');
      const starts = await starting;
      expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
      const outputs = starts.map((s) => (s.status === 'fulfilled' ? s.value.output : ''));
      const rows = await accounts(opened[0]);
      expect(rows).toHaveLength(1);
      const printing = outputs.filter((o) => /^\s*password\s/m.test(o));
      expect(printing).toHaveLength(1);
      expect(await verifyPassword(rows[0].passwordHash, printedPassword(printing[0]))).toBe(true);
    } finally {
      await blocker.end();
      await Promise.all(opened.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);
});
