/**
 * npm run bench: the blogs list on PostgreSQL with 100,000 rows, through real HTTP
 * (the app listening on loopback, a keep-alive client on a worker thread) beside the
 * bare SQL the engine issues for the same page, replayed through pg in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@cohort/server/src/app';
import { loadConfig } from '@cohort/server/src/config';
import { type Database, openDatabase } from '@cohort/server/src/db/client';
import { createSession } from '@cohort/server/src/platform/sessions';
import pg from 'pg';
import {
  BENCH_DB_NAME,
  connectMaintenance,
  createBenchDatabase,
  dropBenchDatabase,
  type Maintenance,
  PostgresUnreachable,
} from './bench-database';
import { LoadGenerator } from './http-load';
import { runLearners } from './learners-bench';
import { type BaselineReport, formatReport, type HttpRow, type ScenarioReport } from './report';
import { listPath, PAGE_SIZE, SCENARIOS, type Scenario } from './scenarios';
import { seedBlogs } from './seed-blogs';
import {
  type CapturedQuery,
  captureQueries,
  explain,
  firstCell,
  replay,
  type SqlSamples,
  timeSequence,
} from './sql-capture';
import { summarize } from './stats';

const int = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) ? Number(v) : fallback);

const settings = {
  baseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  rows: int(process.env.BENCH_ROWS, 100_000),
  warmup: int(process.env.BENCH_WARMUP, 200),
  warmupMaxMs: 2_000,
  /** Measured requests per scenario and concurrency: at most this many, for at most phaseMaxMs in all. */
  requests: int(process.env.BENCH_REQUESTS, 2_000),
  phaseMaxMs: int(process.env.BENCH_PHASE_SECONDS, 8) * 1000,
  /** HTTP and bare SQL are measured in this many alternating rounds. */
  rounds: Math.max(1, int(process.env.BENCH_ROUNDS, 4)),
  concurrency: (process.env.BENCH_CONCURRENCY ?? '1,2').split(',').map(Number).filter(Boolean),
  sqlWarmup: 20,
  sqlIterations: int(process.env.BENCH_SQL_ITERATIONS, 1_000),
  sqlMaxMs: 4_000,
};

/** BENCH_ONLY=blogs or BENCH_ONLY=learners runs one part; unset, both. */
const only = process.env.BENCH_ONLY;
const RESULTS_FILE = fileURLToPath(new URL('../results/latest.json', import.meta.url));
const HOST = '127.0.0.1';

/** Undo steps, run last-in first-out exactly once: on success, on failure and on Ctrl-C. */
class Cleanup {
  private readonly steps: { name: string; run: () => unknown }[] = [];
  private done: Promise<void> | undefined;
  add(name: string, run: () => unknown) {
    this.steps.push({ name, run });
  }
  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
        } catch (err) {
          console.error(`cleanup: ${step.name} failed: ${(err as Error).message}`);
        }
      }
    })();
    return this.done;
  }
}

/** Everything measured for one path at one concurrency, over all rounds. */
type HttpSeries = {
  concurrency: number;
  latencies: number[];
  wallMs: number;
  statuses: Record<string, number>;
  responseBytes: number;
};

const newSeries = (concurrency: number): HttpSeries => ({
  concurrency,
  latencies: [],
  wallMs: 0,
  statuses: {},
  responseBytes: 0,
});

function toHttpRow(s: HttpSeries): HttpRow {
  return {
    concurrency: s.concurrency,
    stats: summarize(s.latencies),
    reqPerSec: s.latencies.length / (s.wallMs / 1000),
    errors: s.latencies.length - (s.statuses['200'] ?? 0),
    responseBytes: s.responseBytes,
  };
}

const log = (msg: string) => console.log(msg);
const secs = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function isListQuery(q: CapturedQuery) {
  return /from "blogs"/i.test(q.text) && /\blimit\b/i.test(q.text) && !/count\(/i.test(q.text);
}
function isCountQuery(q: CapturedQuery) {
  return /from "blogs"/i.test(q.text) && /count\(/i.test(q.text);
}

async function main(): Promise<number> {
  const benchStarted = Date.now();
  let maintenance: Maintenance;
  try {
    maintenance = await connectMaintenance(settings.baseUrl);
  } catch (err) {
    if (err instanceof PostgresUnreachable) {
      console.error(`bench: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const cleanup = new Cleanup();
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nbench: ${signal}: cleaning up`);
    void cleanup.run().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  cleanup.add('disconnect from the maintenance database', () => maintenance.client.end());

  try {
    const loadAtStart = os.loadavg()[0];
    log(
      `PostgreSQL ${maintenance.serverVersion}; Node ${process.version}; ${os.cpus().length} CPUs; ` +
        `load average ${loadAtStart.toFixed(2)}`,
    );
    if (loadAtStart > os.cpus().length / 2) {
      log('warning: the machine is busy with other work: expect noisy numbers (compare ratios, not absolutes)');
    }
    if (only === 'learners') {
      await runLearners(maintenance, cleanup);
      return 0;
    }
    let t = Date.now();
    await createBenchDatabase(maintenance);
    cleanup.add(`drop database ${BENCH_DB_NAME}`, async () => {
      await dropBenchDatabase(maintenance);
      log(`dropped database ${BENCH_DB_NAME}`);
    });
    const database: Database = await openDatabase({ kind: 'postgres', url: maintenance.benchUrl });
    cleanup.add('close the app database pool', () => database.close());
    await database.migrate();
    log(`created and migrated database ${BENCH_DB_NAME} (${secs(t)})`);

    const sqlClient = new pg.Client({ connectionString: maintenance.benchUrl });
    sqlClient.on('error', () => {});
    await sqlClient.connect();
    cleanup.add('close the bare-SQL connection', () => sqlClient.end());
    t = Date.now();
    const seed = await seedBlogs(sqlClient, settings.rows);
    log(
      `seeded ${seed.blogs.toLocaleString('en-US')} blogs + 1 ADMIN user, VACUUM ANALYZE (${seed.seconds.toFixed(1)} s; ` +
        `blogs with indexes: ${(seed.tableBytes / 1024 / 1024).toFixed(0)} MB)`,
    );

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-'));
    cleanup.add('remove the data directory', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig(
      {},
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web'),
        DATABASE_URL: maintenance.benchUrl,
      },
    );
    const app = await buildApp({ config, db: database.db, logger: false });
    cleanup.add('close the app', () => app.close());
    await app.listen({ port: 0, host: HOST });
    const port = (app.server.address() as { port: number }).port;
    const token = await createSession(database.db, config, seed.adminUserId);
    log(`app listening on http://${HOST}:${port}`);

    const load = await LoadGenerator.start();
    cleanup.add('stop the load generator', () => load.stop());

    let peakRss = 0;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 250);
    cleanup.add('stop the RSS sampler', () => clearInterval(rssTimer));

    /** One block of HTTP load at one concurrency, added to `acc`; the first block of a series warms up. */
    const httpBlock = async (acc: HttpSeries, p: string, headers: Record<string, string>, round: number) => {
      const r = await load.run({
        host: HOST,
        port,
        path: p,
        headers,
        concurrency: acc.concurrency,
        // Later rounds only re-open the keep-alive sockets.
        warmup: round === 0 ? settings.warmup : 2 * acc.concurrency,
        warmupMaxMs: settings.warmupMaxMs,
        requests: Math.ceil(settings.requests / settings.rounds),
        maxMs: settings.phaseMaxMs / settings.rounds,
      });
      acc.latencies.push(...r.latencies);
      acc.wallMs += r.wallMs;
      acc.responseBytes = r.responseBytes;
      for (const [status, n] of Object.entries(r.statuses)) acc.statuses[status] = (acc.statuses[status] ?? 0) + n;
    };
    const brief = (rows: HttpRow[]) =>
      rows
        .map(
          (h) =>
            `c${h.concurrency}: ${h.stats.count} req, p50 ${h.stats.p50.toFixed(2)} ms, ${h.reqPerSec.toFixed(0)}/s`,
        )
        .join('; ');

    const rssBefore = process.memoryUsage.rss();
    peakRss = rssBefore;

    t = Date.now();
    const healthSeries = settings.concurrency.map(newSeries);
    for (let round = 0; round < settings.rounds; round++) {
      for (const acc of healthSeries) await httpBlock(acc, '/api/health', {}, round);
    }
    const baseline: BaselineReport = {
      label: 'baseline: GET /api/health (no DB)',
      path: '/api/health',
      http: healthSeries.map(toHttpRow),
    };
    log(`baseline /api/health: ${brief(baseline.http)} (${secs(t)})`);

    const scenarios: ScenarioReport[] = [];
    let authQueries: CapturedQuery[] = [];
    for (const s of SCENARIOS) {
      t = Date.now();
      const p = listPath(s);
      const headers = { token, page_num: String(s.page) };
      const captured = await captureScenario(s, `http://${HOST}:${port}${p}`, headers);
      const { list, count, totalItems } = captured;
      if (authQueries.length === 0) authQueries = captured.auth;
      await checkReplay(sqlClient, s, captured);

      // HTTP and bare SQL alternate in rounds, so background load on the machine hits both columns alike.
      const series = settings.concurrency.map(newSeries);
      const sql: SqlSamples = { totals: [], each: [[], []] };
      for (let round = 0; round < settings.rounds; round++) {
        for (const acc of series) await httpBlock(acc, p, headers, round);
        await timeSequence(
          sqlClient,
          [list, count],
          {
            warmup: round === 0 ? settings.sqlWarmup : 2,
            iterations: Math.ceil(settings.sqlIterations / settings.rounds),
            maxMs: settings.sqlMaxMs / settings.rounds,
          },
          sql,
        );
      }
      const http = series.map(toHttpRow);
      for (const acc of series) {
        const ok = acc.statuses['200'] ?? 0;
        if (ok !== acc.latencies.length) console.error(`  ${s.label}: statuses ${JSON.stringify(acc.statuses)}`);
      }
      const listPlan = await explain(sqlClient, list);
      const countPlan = await explain(sqlClient, count);
      const sqlTotal = summarize(sql.totals);
      scenarios.push({
        key: s.key,
        label: s.label,
        path: p,
        page: s.page,
        totalItems,
        http,
        sql: { total: sqlTotal, list: summarize(sql.each[0]), count: summarize(sql.each[1]) },
        plans: {
          list: { outline: listPlan.outline, executionMs: listPlan.executionMs },
          count: { outline: countPlan.outline, executionMs: countPlan.executionMs },
        },
        queries: [list, count].map((q) => ({ text: q.text, values: q.values })),
      });
      log(`${s.label}: ${brief(http)}; SQL: ${sqlTotal.count} runs, p50 ${sqlTotal.p50.toFixed(2)} ms (${secs(t)})`);
    }
    const rssAfter = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rssAfter);

    const auth = summarize(
      authQueries.length
        ? (await timeSequence(sqlClient, authQueries, { warmup: 20, iterations: 1000, maxMs: 2000 })).totals
        : [],
    );
    const load1 = { start: loadAtStart, end: os.loadavg()[0] };

    const rss = { before: rssBefore, after: rssAfter, peak: peakRss };
    console.log(`\n=== Cohort Admin bench: blogs list, ${seed.blogs.toLocaleString('en-US')} rows, PostgreSQL ===\n`);
    console.log(formatReport({ baseline, scenarios, auth, rss, load1, cpus: os.cpus().length }));

    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    const results = {
      at: new Date().toISOString(),
      machine: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        platform: os.platform(),
      },
      postgres: maintenance.serverVersion,
      settings: { ...settings, baseUrl: undefined, pageSize: PAGE_SIZE },
      seed: { blogs: seed.blogs, tableBytes: seed.tableBytes, seconds: seed.seconds },
      rss,
      loadAverage1m: load1,
      baseline,
      sessionLookupSql: { stats: auth, queries: authQueries.map((q) => ({ text: q.text })) },
      scenarios,
      seconds: (Date.now() - benchStarted) / 1000,
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}; total ${secs(benchStarted)}.`);
    if (only !== 'blogs') {
      await app.close();
      await load.stop();
      await runLearners(maintenance, cleanup);
      console.log(`\nTotal ${secs(benchStarted)}.`);
    }
    return 0;
  } finally {
    await cleanup.run();
  }
}

/**
 * One request through HTTP while recording the queries the app sends: the engine's
 * list and count queries (what the bare-SQL column replays) and the session lookup.
 */
async function captureScenario(s: Scenario, url: string, headers: Record<string, string>) {
  const { result, queries } = await captureQueries(async () => {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${s.label}: HTTP ${res.status}: ${body.slice(0, 500)}`);
    return JSON.parse(body) as { data: { id: number }[]; totalItems: number };
  });
  const list = queries.filter(isListQuery);
  const count = queries.filter(isCountQuery);
  if (list.length !== 1 || count.length !== 1) {
    throw new Error(
      `${s.label}: expected one list and one count query on "blogs", captured:\n` +
        queries.map((q) => `  ${q.text}`).join('\n'),
    );
  }
  if (result.data.length !== Math.min(PAGE_SIZE, Math.max(0, result.totalItems - (s.page - 1) * PAGE_SIZE))) {
    throw new Error(`${s.label}: ${result.data.length} rows on page ${s.page} of ${result.totalItems}`);
  }
  const auth = queries.filter((q) => !isListQuery(q) && !isCountQuery(q));
  return { list: list[0], count: count[0], auth, totalItems: result.totalItems, firstId: result.data[0]?.id };
}

/** The replayed SQL must answer what the HTTP call answered. */
async function checkReplay(
  client: pg.Client,
  s: Scenario,
  c: { list: CapturedQuery; count: CapturedQuery; totalItems: number; firstId: number | undefined },
) {
  const rows = await replay(client, c.list);
  const n = Number(firstCell(await replay(client, c.count)));
  const expectedRows = Math.min(PAGE_SIZE, Math.max(0, c.totalItems - (s.page - 1) * PAGE_SIZE));
  const firstId = firstCell(rows);
  if (n !== c.totalItems || rows.rowCount !== expectedRows || firstId !== c.firstId) {
    throw new Error(
      `${s.label}: replayed SQL answered ${rows.rowCount} rows of ${n} (first id ${firstId}), ` +
        `HTTP ${c.totalItems} (first id ${c.firstId})`,
    );
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
