/**
 * The learners part of `npm run bench` (BENCH_ONLY=learners runs it alone): 1,000,000 learners
 * and their task submissions on PostgreSQL, GET /admin/user/all through HTTP beside the bare SQL
 * the engine sends for the same page, and GET /admin/user/download-csv of every learner from a
 * server in a process of its own (so its RSS is the server's alone). Each figure is printed
 * beside its target (issue 9, "Performance").
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFields, roleByKey, userResource } from '@cohort/domain';
import { buildApp } from '@cohort/server/src/app';
import { loadConfig } from '@cohort/server/src/config';
import { type Database, openDatabase } from '@cohort/server/src/db/client';
import { createSession } from '@cohort/server/src/platform/sessions';
import pg from 'pg';
import { createBenchDatabase, dropBenchDatabase, type Maintenance } from './bench-database';
import { LoadGenerator } from './http-load';
import { runLearnersPglite } from './learners-pglite';
import { LEARNER_LIKE_TERM, type LearnerSeed, seedLearners } from './seed-learners';
import {
  type CapturedQuery,
  captureQueries,
  explain,
  firstCell,
  replay,
  type SqlSamples,
  timeSequence,
  timeTogether,
} from './sql-capture';
import { type LatencyStats, summarize } from './stats';

export const LEARNERS_DB_NAME = 'cohort_bench_learners';
const HOST = '127.0.0.1';
const PAGE_SIZE = 14;
const RESULTS_FILE = fileURLToPath(new URL('../results/learners-latest.json', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/** Issue 9, "Performance". */
export const TARGETS = {
  p50: 10,
  p99: 50,
  apiOverhead: 1.5,
  csvRowsPerSec: 300_000,
  csvPeakRssMb: 200,
  bulkOwnerMs: 2000,
};
/** How many learners the bulk owner assignment moves at once (issue 9: 10,000 in <= 2 s). */
export const BULK_LEARNERS = 10_000;

type Cleanup = { add(name: string, run: () => unknown): void };
const int = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) ? Number(v) : fallback);
const log = (msg: string) => console.log(msg);
const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');

export type LearnerScenario = {
  key: string;
  label: string;
  filters?: { field: string; operator: string; value: string | number }[];
  sort?: string;
};

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export function learnerScenarios(): LearnerScenario[] {
  return [
    { key: 'no-filter', label: 'a. no filter' },
    {
      key: 'three-equal',
      label: 'b. isaStatus, userStatus, proStatus =',
      filters: [
        { field: 'isaStatus', operator: '=', value: 'ISA Submitted' },
        { field: 'userStatus', operator: '=', value: 'Active' },
        { field: 'proStatus', operator: '=', value: 'Payment Pending' },
      ],
    },
    {
      key: 'email-like',
      label: `c. email like "${LEARNER_LIKE_TERM}12"`,
      filters: [{ field: 'email', operator: 'like', value: `${LEARNER_LIKE_TERM}12` }],
    },
    {
      key: 'email-like-broad',
      label: `c'. email like "${LEARNER_LIKE_TERM}"`,
      filters: [{ field: 'email', operator: 'like', value: LEARNER_LIKE_TERM }],
    },
    {
      key: 'activity-range',
      label: 'd. lastActivity 30-37 days ago, -lastActivity',
      filters: [
        { field: 'lastActivity', operator: '>=', value: isoDaysAgo(37) },
        { field: 'lastActivity', operator: '<', value: isoDaysAgo(30) },
      ],
      sort: '-lastActivity',
    },
    {
      key: 'no-submission-7d',
      label: 'e. tasksSubmittedLast7Days = 0',
      filters: [{ field: 'tasksSubmittedLast7Days', operator: '=', value: 0 }],
    },
  ];
}

/**
 * The columns the list asks for, as the console's Learners screen does on a first visit (its
 * default columns, decision 021); `BENCH_LEARNER_COLUMNS=all` leaves `columns` out, so the
 * answer carries every list field and every derived count.
 */
export const LEARNER_COLUMNS: string | undefined =
  process.env.BENCH_LEARNER_COLUMNS === 'all'
    ? undefined
    : listFields(userResource.fields)
        .filter((f) => f.list)
        .map((f) => f.name)
        .join(',');

export function listPath(s: LearnerScenario): string {
  const q = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  if (s.filters) q.set('filters', JSON.stringify(s.filters));
  if (s.sort) q.set('sort', s.sort);
  if (LEARNER_COLUMNS) q.set('columns', LEARNER_COLUMNS);
  return `/admin/user/all?${q}`;
}

const isList = (q: CapturedQuery) =>
  /from "users"/i.test(q.text) && /\blimit\b/i.test(q.text) && !/"sessions"/.test(q.text);
const isCount = (q: CapturedQuery) =>
  !isList(q) && !/"sessions"/.test(q.text) && (/count\(/i.test(q.text) || /user_role_counts/.test(q.text));

type ScenarioResult = {
  key: string;
  label: string;
  path: string;
  totalItems: number;
  http: LatencyStats;
  /** Node CPU ms per request (app.inject), the load-independent part of "API adds". */
  nodeCpuMs: number;
  sql: { total: LatencyStats; list: LatencyStats; count: LatencyStats };
  plans: { list: string; listMs: number; count: string; countMs: number };
  queries: { text: string; values: unknown[] }[];
};

export type LearnersSettings = {
  learners: number;
  perSubmitter: number;
  reuse: boolean;
  keep: boolean;
  parts: Set<string>;
  requests: number;
  phaseMaxMs: number;
  rounds: number;
  warmup: number;
  sqlIterations: number;
};

export function learnersSettings(): LearnersSettings {
  return {
    learners: int(process.env.BENCH_LEARNERS, 1_000_000),
    perSubmitter: int(process.env.BENCH_SUBMISSIONS_PER_SUBMITTER, 20),
    reuse: process.env.BENCH_LEARNERS_REUSE === '1',
    keep: process.env.BENCH_LEARNERS_KEEP === '1',
    /** Which parts run (BENCH_LEARNERS_PARTS=lists,bulk,csv, the default: all three). */
    parts: new Set((process.env.BENCH_LEARNERS_PARTS ?? 'lists,bulk,csv').split(',').map((p) => p.trim())),
    requests: int(process.env.BENCH_REQUESTS, 1_000),
    phaseMaxMs: int(process.env.BENCH_PHASE_SECONDS, 8) * 1000,
    rounds: Math.max(1, int(process.env.BENCH_ROUNDS, 4)),
    warmup: int(process.env.BENCH_WARMUP, 100),
    sqlIterations: int(process.env.BENCH_SQL_ITERATIONS, 500),
  };
}

async function hasSeed(m: Maintenance, expected: number): Promise<boolean> {
  const { rows } = await m.client.query('select 1 from pg_database where datname = $1', [LEARNERS_DB_NAME]);
  if (rows.length === 0) return false;
  const c = new pg.Client({ connectionString: dbUrl(m) });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      `select coalesce((select users from user_role_counts where role_id = 2), -1)::int as n`,
    );
    return r.rows[0].n === expected;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

function dbUrl(m: Maintenance): string {
  const u = new URL(m.benchUrl);
  u.pathname = `/${LEARNERS_DB_NAME}`;
  return u.toString();
}

export async function runLearners(m: Maintenance, cleanup: Cleanup): Promise<void> {
  const settings = learnersSettings();
  const url = dbUrl(m);
  const loadAtStart = os.loadavg()[0];
  log(
    `\n--- learners: ${settings.learners.toLocaleString('en-US')} on PostgreSQL (load average ${f2(loadAtStart)}) ---`,
  );
  let seed: LearnerSeed | undefined;
  let t = Date.now();
  const reused = settings.reuse && (await hasSeed(m, settings.learners));
  if (!reused) {
    await createBenchDatabase(m, LEARNERS_DB_NAME);
  }
  if (!settings.keep) {
    cleanup.add(`drop database ${LEARNERS_DB_NAME}`, async () => {
      await dropBenchDatabase(m, LEARNERS_DB_NAME);
      log(`dropped database ${LEARNERS_DB_NAME}`);
    });
  }
  const database: Database = await openDatabase({ kind: 'postgres', url });
  cleanup.add('close the learners app pool', () => database.close());
  await database.migrate();
  const sqlClient = new pg.Client({ connectionString: url });
  sqlClient.on('error', () => {});
  await sqlClient.connect();
  cleanup.add('close the learners bare-SQL connection', () => sqlClient.end());
  // A second connection: the API runs a list's page and count at the same time on two.
  const sqlClient2 = new pg.Client({ connectionString: url });
  sqlClient2.on('error', () => {});
  await sqlClient2.connect();
  cleanup.add('close the second bare-SQL connection', () => sqlClient2.end());
  let adminUserId: number;
  if (reused) {
    const r = await sqlClient.query<{ id: number }>("select id from users where email = 'bench-admin@example.com'");
    adminUserId = r.rows[0].id;
    // Migrations applied since the seed may have rewritten rows (a new column with a value): the
    // visibility map is then cleared and index-only counts read the heap until autovacuum runs.
    // VACUUM ANALYZE does now what autovacuum would do shortly after such a migration.
    const tv = Date.now();
    await sqlClient.query('VACUUM ANALYZE users, task_submissions');
    log(
      `reused database ${LEARNERS_DB_NAME} (BENCH_LEARNERS_REUSE=1): seed not timed in this run; VACUUM ANALYZE after migrating (${((Date.now() - tv) / 1000).toFixed(1)} s)`,
    );
  } else {
    log(`created and migrated ${LEARNERS_DB_NAME} (${((Date.now() - t) / 1000).toFixed(1)} s); seeding...`);
    seed = await seedLearners(sqlClient, settings.learners, settings.perSubmitter);
    adminUserId = seed.adminUserId;
    const s = seed.seconds;
    log(
      `seeded ${seed.learners.toLocaleString('en-US')} learners (${s.learners.toFixed(0)} s), ` +
        `${seed.submissions.toLocaleString('en-US')} submissions (${s.submissions.toFixed(0)} s), ` +
        `last_task_submit_at (${s.lastSubmit.toFixed(0)} s), VACUUM ANALYZE (${s.vacuum.toFixed(0)} s); ` +
        `users ${(seed.bytes.users / 2 ** 20).toFixed(0)} MB, task_submissions ${(seed.bytes.submissions / 2 ** 20).toFixed(0)} MB with indexes`,
    );
  }
  const facts = (
    await sqlClient.query<{ learners: number; submissions: number; none7: number }>(
      `select (select count(*) from users where role_id = 2)::int as learners,
              (select count(*) from task_submissions)::int as submissions,
              (select count(*) from users where role_id = 2 and (last_task_submit_at is null
                 or last_task_submit_at < now() - interval '7 days'))::int as none7`,
    )
  ).rows[0];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-learners-'));
  cleanup.add('remove the learners data directory', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), DATABASE_URL: url };
  const config = loadConfig(env);
  const app = await buildApp({ config, db: database.db, logger: false });
  cleanup.add('close the learners app', () => app.close());
  await app.listen({ port: 0, host: HOST });
  const port = (app.server.address() as { port: number }).port;
  const token = await createSession(database.db, config, adminUserId);
  const load = await LoadGenerator.start();
  cleanup.add('stop the learners load generator', () => load.stop());

  const results: ScenarioResult[] = [];
  let sessionQueries: CapturedQuery[] = [];
  for (const s of settings.parts.has('lists') ? learnerScenarios() : []) {
    t = Date.now();
    const p = listPath(s);
    const headers = { token, page_num: '1' };
    const { result, queries } = await captureQueries(async () => {
      const res = await fetch(`http://${HOST}:${port}${p}`, { headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${s.label}: HTTP ${res.status}: ${body.slice(0, 500)}`);
      return JSON.parse(body) as { data: { id: number }[]; totalItems: number };
    });
    const list = queries.filter(isList);
    const count = queries.filter(isCount);
    if (list.length !== 1 || count.length !== 1) {
      throw new Error(
        `${s.label}: expected one list and one count query, got:\n${queries.map((q) => q.text).join('\n')}`,
      );
    }
    if (sessionQueries.length === 0) sessionQueries = queries.filter((q) => !isList(q) && !isCount(q));
    // The replayed SQL answers what HTTP answered, and totalItems is the exact count(*).
    const rows = await replay(sqlClient, list[0]);
    const n = Number(firstCell(await replay(sqlClient, count[0])));
    const exact = await exactCount(sqlClient, list[0]);
    if (rows.rowCount !== result.data.length || n !== result.totalItems || exact !== result.totalItems) {
      throw new Error(
        `${s.label}: HTTP ${result.data.length} rows / totalItems ${result.totalItems}; SQL ${rows.rowCount} rows / ${n}; count(*) ${exact}`,
      );
    }
    const latencies: number[] = [];
    const sql: SqlSamples = { totals: [], each: [[], []] };
    for (let round = 0; round < settings.rounds; round++) {
      const r = await load.run({
        host: HOST,
        port,
        path: p,
        headers,
        concurrency: 1,
        warmup: round === 0 ? settings.warmup : 2,
        warmupMaxMs: 2000,
        requests: Math.ceil(settings.requests / settings.rounds),
        maxMs: settings.phaseMaxMs / settings.rounds,
      });
      if ((r.statuses['200'] ?? 0) !== r.latencies.length) throw new Error(`${s.label}: ${JSON.stringify(r.statuses)}`);
      latencies.push(...r.latencies);
      await timeTogether(
        [sqlClient, sqlClient2],
        [list[0], count[0]],
        {
          warmup: round === 0 ? 10 : 2,
          iterations: Math.ceil(settings.sqlIterations / settings.rounds),
          maxMs: 4000 / settings.rounds,
        },
        sql,
      );
    }
    // Node's own CPU time per request (user + system, this process; light-my-request, no socket):
    // what the API adds besides waiting for the database, and far less sensitive to other load
    // on the machine than wall-clock latency.
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: p, headers });
    const cpu0 = process.cpuUsage();
    const cpuRuns = 200;
    for (let i = 0; i < cpuRuns; i++) await app.inject({ method: 'GET', url: p, headers });
    const cpu = process.cpuUsage(cpu0);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000 / cpuRuns;
    const lp = await explain(sqlClient, list[0]);
    const cp = await explain(sqlClient, count[0]);
    const res: ScenarioResult = {
      key: s.key,
      label: s.label,
      path: p,
      totalItems: result.totalItems,
      http: summarize(latencies),
      nodeCpuMs,
      sql: { total: summarize(sql.totals), list: summarize(sql.each[0]), count: summarize(sql.each[1]) },
      plans: { list: lp.outline, listMs: lp.executionMs, count: cp.outline, countMs: cp.executionMs },
      queries: [list[0], count[0]].map((q) => ({ text: q.text, values: q.values })),
    };
    results.push(res);
    log(
      `${s.label}: HTTP p50 ${f2(res.http.p50)} ms (n ${res.http.count}), SQL p50 ${f2(res.sql.total.p50)} ms; ` +
        `totalItems ${res.totalItems.toLocaleString('en-US')} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
  const session = summarize(
    sessionQueries.length
      ? (await timeSequence(sqlClient, sessionQueries, { warmup: 20, iterations: 500, maxMs: 2000 })).totals
      : [],
  );
  await load.stop();

  t = Date.now();
  let bulk: BulkResult | undefined;
  if (settings.parts.has('bulk')) {
    bulk = await measureBulkOwner(sqlClient, `http://${HOST}:${port}`, token);
    log(
      `Bulk owner assignment: ${BULK_LEARNERS.toLocaleString('en-US')} learners, ${bulk.runs.map((ms) => ms.toFixed(0)).join(' / ')} ms (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }

  // The export as the console sends it on a first visit (its default columns), then with every column.
  const csv: CsvResult[] = [];
  for (const columns of settings.parts.has('csv') ? [EXPORT_COLUMNS, undefined] : []) {
    t = Date.now();
    const r = await measureCsvExport(env, token, facts.learners, columns);
    csv.push(r);
    log(
      `CSV export (${r.label}): ${r.rows.toLocaleString('en-US')} rows in ${(r.ms / 1000).toFixed(2)} s (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
  const loadAtEnd = os.loadavg()[0];

  console.log(
    `\n=== Cohort Admin bench: learners list, ${facts.learners.toLocaleString('en-US')} learners, ` +
      `${facts.submissions.toLocaleString('en-US')} submissions (${facts.none7.toLocaleString('en-US')} learners with none in 7 days), PostgreSQL ===\n`,
  );
  console.log(formatLearners(results, session, csv, bulk, { start: loadAtStart, end: loadAtEnd }));
  if (process.env.BENCH_PGLITE !== '0') {
    // PGlite after PostgreSQL is done, so the two never compete for the cores.
    console.log(await runLearnersPglite(cleanup));
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        settings,
        seed: seed ?? 'reused',
        facts,
        targets: TARGETS,
        scenarios: results,
        sessionLookupSql: session,
        csv,
        bulk,
        loadAverage1m: { start: loadAtStart, end: loadAtEnd },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}.`);
}

/** count(*) of the list query's own WHERE, the plain way: what totalItems must equal. */
async function exactCount(client: pg.Client, list: CapturedQuery): Promise<number> {
  const m = /^(select .*? from "users") (where .*?) order by /is.exec(list.text);
  if (!m) throw new Error(`cannot find the WHERE of ${list.text}`);
  // Only the WHERE's own parameters, renumbered from $1.
  const values: unknown[] = [];
  const where = m[2].replace(/\$(\d+)/g, (_, k: string) => {
    values.push(list.values[Number(k) - 1]);
    return `$${values.length}`;
  });
  const r = await client.query({ text: `select count(*)::int as n from "users" ${where}`, values });
  return r.rows[0].n as number;
}

type BulkResult = { runs: number[]; maxMs: number };

/**
 * The bulk owner assignment through HTTP: 10,000 learners by id, given alternately to two
 * motivators so every run really changes every row (and writes its 10,000 audit entries).
 */
async function measureBulkOwner(client: pg.Client, base: string, token: string): Promise<BulkResult> {
  const owners = (
    await client.query<{ id: number }>(
      "select id from users where email like 'motivator%@bench.example.com' order by id limit 2",
    )
  ).rows.map((r) => r.id);
  const learners = (
    await client.query<{ id: number }>(
      `select id from users where role_id = $1 order by id offset 100000 limit ${BULK_LEARNERS}`,
      [roleByKey('USER')!.id],
    )
  ).rows.map((r) => r.id);
  if (owners.length !== 2 || learners.length !== BULK_LEARNERS) throw new Error('bulk: the bench set is too small');
  // Start from the second owner, so the first run (to the first) changes every row too.
  await client.query('update users set owner_id = $1 where id = any($2::int[])', [owners[1], learners]);
  const runs: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/admin/user/owner/add-multiple`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerId: owners[i % 2], userIds: learners }),
    });
    const body = (await res.json()) as { updated?: number };
    const ms = performance.now() - t0;
    if (res.status !== 200 || body.updated !== BULK_LEARNERS) {
      throw new Error(`bulk: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    runs.push(ms);
  }
  return { runs, maxMs: Math.max(...runs) };
}

/**
 * The columns the console's export sends on a first visit: the Learners screen's default columns
 * (the export writes the columns the screen shows, decision 020).
 */
const EXPORT_COLUMNS = listFields(userResource.fields)
  .filter((f) => f.list)
  .map((f) => f.name)
  .join(',');

type CsvResult = {
  /** CPU seconds during the export: the server process, every PostgreSQL process, the bench's client. */
  cpu: { server: number; postgres: number; client: number };
  label: string;
  columns: number;
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSec: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  hwmMb: number;
  headerOk: boolean;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) a process has used, from /proc. */
const cpuSeconds = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** CPU seconds used so far by each PostgreSQL process on this machine (the server is local), by pid. */
const postgresCpu = (): Map<number, number> => {
  const byPid = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(name), cpuSeconds(Number(name)));
    } catch {}
  }
  return byPid;
};

/** CPU seconds PostgreSQL's processes used since `before` (a process started since counts whole; one that ended is lost). */
const postgresCpuSince = (before: Map<number, number>): number => {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
};

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/**
 * The server in a process of its own (apps/server/dist/main.mjs, built as `npm start` builds and runs it), one
 * GET /admin/user/download-csv of every learner, its RSS sampled every 20 ms meanwhile.
 */
async function measureCsvExport(
  env: Record<string, string>,
  token: string,
  expected: number,
  columns: string | undefined,
): Promise<CsvResult> {
  const port = await freePort();
  const exportPath = `/admin/user/download-csv${columns ? `?${new URLSearchParams({ columns })}` : ''}`;
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  // BENCH_SERVER_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, 'dist/main.mjs'] : ['dist/main.mjs'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output.slice(-2000)}`);
      const ok = await new Promise<boolean>((resolve) => {
        http
          .get({ host: HOST, port, path: '/api/health' }, (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          })
          .on('error', () => resolve(false));
      });
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid as number;
    const rssBeforeMb = rssMb(pid, 'VmRSS');
    let rssPeakMb = rssBeforeMb;
    const timer = setInterval(() => {
      try {
        rssPeakMb = Math.max(rssPeakMb, rssMb(pid, 'VmRSS'));
      } catch {}
    }, 20);
    const cpu0 = { server: cpuSeconds(pid), postgres: postgresCpu(), bench: process.cpuUsage() };
    const started = process.hrtime.bigint();
    let bytes = 0;
    let lines = 0;
    let head = '';
    await new Promise<void>((resolve, reject) => {
      http
        .get({ host: HOST, port, path: exportPath, headers: { token } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`download-csv: HTTP ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (!head.includes('\r\n')) head += chunk.toString('utf8', 0, 8192);
            // Rows end with CRLF; a quoted cell may hold a bare LF but never CRLF in this data set.
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          });
          res.on('end', resolve);
          res.on('error', reject);
        })
        .on('error', reject);
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpu = {
      server: cpuSeconds(pid) - cpu0.server,
      postgres: postgresCpuSince(cpu0.postgres),
      client: (benchCpu.user + benchCpu.system) / 1e6,
    };
    clearInterval(timer);
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid, 'VmRSS'));
    const hwmMb = rssMb(pid, 'VmHWM');
    const rows = lines - 1;
    if (rows !== expected) throw new Error(`download-csv: ${rows} rows, expected ${expected}`);
    const header = head.slice(0, head.indexOf('\r\n'));
    return {
      label: columns ? "the console's default columns" : 'every column',
      columns: header.split(',').length,
      rows,
      bytes,
      ms,
      cpu,
      rowsPerSec: rows / (ms / 1000),
      rssBeforeMb,
      rssPeakMb,
      hwmMb,
      headerOk: head.startsWith('User Id,Name,Email'),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function formatLearners(
  results: ScenarioResult[],
  session: LatencyStats,
  csv: CsvResult[],
  bulk: BulkResult | undefined,
  load1: { start: number; end: number },
): string {
  const out: string[] = [];
  out.push(
    `GET /admin/user/all, page 1 of ${PAGE_SIZE}, as ADMIN, concurrency 1. Latency in ms. SQL = the engine's list and count queries replayed through pg as the API runs them: as the same prepared statements, at the same time on two connections (list and count: until each answered).`,
  );
  out.push(
    `Targets: HTTP p50 <= ${TARGETS.p50}, p99 <= ${TARGETS.p99}, API adds (HTTP p50 - SQL p50) <= ${TARGETS.apiOverhead}; totalItems checked against count(*).`,
  );
  out.push(
    LEARNER_COLUMNS
      ? `columns=${LEARNER_COLUMNS} (the console's default Learners columns; BENCH_LEARNER_COLUMNS=all for every list field).`
      : 'No columns= (BENCH_LEARNER_COLUMNS=all): every list field and every derived count.',
  );
  out.push(
    table(
      [
        'scenario',
        'n',
        'HTTP p50',
        '<=10',
        'p99',
        '<=50',
        'SQL p50',
        'list',
        'count',
        'API adds',
        '<=1.5',
        'Node CPU/req',
        'totalItems',
      ],
      results.map((r) => {
        const adds = r.http.p50 - r.sql.total.p50;
        return [
          r.label,
          String(r.http.count),
          f2(r.http.p50),
          mark(r.http.p50 <= TARGETS.p50),
          f2(r.http.p99),
          mark(r.http.p99 <= TARGETS.p99),
          f2(r.sql.total.p50),
          f2(r.sql.list.p50),
          f2(r.sql.count.p50),
          f2(adds),
          mark(adds <= TARGETS.apiOverhead),
          f2(r.nodeCpuMs),
          r.totalItems.toLocaleString('en-US'),
        ];
      }),
    ),
  );
  out.push(`Session lookup SQL p50 ${f2(session.p50)} ms (part of "API adds": the API's own query).`);
  out.push(
    "Node CPU/req: CPU ms the server process spends per request (app.inject, 200 runs): the part of 'API adds' that is Node's work, as CPU time, which other load on the machine inflates far less than latency.",
  );
  out.push('');
  out.push('Plans (EXPLAIN ANALYZE, execution ms):');
  for (const r of results) {
    out.push(`  ${r.label}`);
    out.push(`    list  ${f2(r.plans.listMs)} ms  ${r.plans.list}`);
    out.push(`    count ${f2(r.plans.countMs)} ms  ${r.plans.count}`);
  }
  out.push('');
  for (const c of csv) {
    out.push(
      `GET /admin/user/download-csv, ${c.label} (${c.columns}), ${c.rows.toLocaleString('en-US')} rows, ${(c.bytes / 2 ** 20).toFixed(0)} MB, ` +
        `server in its own process (apps/server/dist/main.mjs, as npm start runs it):`,
    );
    out.push(
      table(
        ['figure', 'measured', 'target', ''],
        [
          [
            'rows/s',
            c.rowsPerSec.toFixed(0),
            `>= ${TARGETS.csvRowsPerSec}`,
            mark(c.rowsPerSec >= TARGETS.csvRowsPerSec),
          ],
          [
            'peak RSS during export (MB)',
            c.rssPeakMb.toFixed(0),
            `<= ${TARGETS.csvPeakRssMb}`,
            mark(c.rssPeakMb <= TARGETS.csvPeakRssMb),
          ],
          ['RSS before export (MB)', c.rssBeforeMb.toFixed(0), '', ''],
          ['VmHWM, whole process life (MB)', c.hwmMb.toFixed(0), '', ''],
          ['seconds', (c.ms / 1000).toFixed(2), '', ''],
          [
            'CPU s: PostgreSQL / server / client',
            `${c.cpu.postgres.toFixed(1)} / ${c.cpu.server.toFixed(1)} / ${c.cpu.client.toFixed(1)}`,
            '',
            '',
          ],
        ],
      ),
    );
    out.push('');
  }
  if (bulk) {
    out.push(
      `POST /admin/user/owner/add-multiple of ${BULK_LEARNERS.toLocaleString('en-US')} learners by id (one transaction, an audit entry per learner), ${bulk.runs.length} runs between two owners:`,
    );
    out.push(
      table(
        ['figure', 'measured', 'target', ''],
        [
          [
            'slowest run (ms)',
            bulk.maxMs.toFixed(0),
            `<= ${TARGETS.bulkOwnerMs}`,
            mark(bulk.maxMs <= TARGETS.bulkOwnerMs),
          ],
          ['runs (ms)', bulk.runs.map((ms) => ms.toFixed(0)).join(' / '), '', ''],
        ],
      ),
    );
  }
  out.push('');
  out.push('PGlite: below, on a smaller set (BENCH_PGLITE=0 skips it).');
  out.push(
    `Load average (1 min) on ${os.cpus().length} CPUs: ${f2(load1.start)} at the start, ${f2(load1.end)} at the end` +
      (Math.max(load1.start, load1.end) > os.cpus().length / 2 ? ': other work was running, figures are noisy.' : '.'),
  );
  return out.join('\n');
}
