import pg from 'pg';

export const BENCH_DB_NAME = 'cohort_bench';

/** A connection to the server's maintenance database, used to create and drop the bench database. */
export type Maintenance = { client: pg.Client; benchUrl: string; serverVersion: string };

export class PostgresUnreachable extends Error {}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Connects to BENCH_DATABASE_URL (the database named there only serves to CREATE / DROP the bench one). */
export async function connectMaintenance(baseUrl: string): Promise<Maintenance> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
  // An 'error' event without a listener would crash the process after a server restart.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw new PostgresUnreachable(
      `PostgreSQL is not reachable at ${redact(baseUrl)}: ${(err as Error).message}\n` +
        'Start PostgreSQL or point BENCH_DATABASE_URL at a server where this user may CREATE DATABASE.',
    );
  }
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  const u = new URL(baseUrl);
  u.pathname = `/${BENCH_DB_NAME}`;
  return { client, benchUrl: u.toString(), serverVersion: rows[0].server_version };
}

export async function createBenchDatabase(m: Maintenance, name = BENCH_DB_NAME): Promise<void> {
  // A crashed earlier run may have left it behind.
  await dropBenchDatabase(m, name);
  await m.client.query(`CREATE DATABASE ${name}`);
}

/**
 * Drops the bench database. A closed pg pool resolves before its backends have gone, so this waits
 * (up to 3 s) for them to leave: FORCE would otherwise kill them and the app's pool would log it.
 */
export async function dropBenchDatabase(m: Maintenance, name = BENCH_DB_NAME): Promise<void> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const { rows } = await m.client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await m.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
