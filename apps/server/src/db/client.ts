import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types meet here
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export { MIGRATIONS_DIR };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance (embedded only): used to dump a migrated template in tests. */
  pglite?: PGlite;
  /**
   * Raw SQL on the same connection(s) as `db`, for engines that bring their own SQL (the job
   * queue, platform/jobs.ts). Text without values may hold several statements; a text that
   * is one `BEGIN; ... COMMIT;` block runs as one transaction (on PGlite, inside its lock,
   * so a failure rolls back before anyone else's query runs).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection the server dropped: the pool replaces it; without a listener it would crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: async (text, values) => {
        // Several statements in one text (no values) answer one result each: the last is the answer.
        const result = (await pool.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // The embedded database's modules load only when it is used: a server on PostgreSQL never
  // holds PGlite's WebAssembly (~37 MB resident).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    executeSql: (text, values) => pgliteExecute(client, text, values),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

const BLOCK = /^\s*BEGIN;([\s\S]*?)COMMIT;\s*$/;

async function pgliteExecute(client: PGlite, text: string, values?: unknown[]) {
  if (values?.length) {
    const r = await client.query<Record<string, unknown>>(text, values);
    return { rows: r.rows };
  }
  const block = BLOCK.exec(text);
  // One connection: an aborted BEGIN...COMMIT text would leave it inside a failed transaction
  // for whoever queries next. PGlite's own transaction rolls it back under its lock instead.
  const results = block ? await client.transaction((tx) => tx.exec(block[1])) : await client.exec(text);
  return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
}
