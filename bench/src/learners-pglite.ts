/**
 * The learners scenarios on PGlite (the embedded database), beside the PostgreSQL figures:
 * a smaller set (BENCH_PGLITE_LEARNERS, 100,000 by default; a million takes too long to seed
 * into one WASM thread), the same seed, the same scenarios through HTTP beside the same SQL
 * replayed on the same PGlite, and the CSV export in this process (so its RSS is the whole
 * bench process's, not the server's alone).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@cohort/server/src/app';
import { loadConfig } from '@cohort/server/src/config';
import { openDatabase } from '@cohort/server/src/db/client';
import { createSession } from '@cohort/server/src/platform/sessions';
import type { PGlite } from '@electric-sql/pglite';
import { LoadGenerator } from './http-load';
import { learnerScenarios, listPath, TARGETS } from './learners-bench';
import { seedLearners } from './seed-learners';
import { type LatencyStats, msSince, summarize } from './stats';

const HOST = '127.0.0.1';
type Cleanup = { add(name: string, run: () => unknown): void };
type Captured = { text: string; params: unknown[]; config: unknown };
const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export async function runLearnersPglite(cleanup: Cleanup): Promise<string> {
  const count = Number(process.env.BENCH_PGLITE_LEARNERS || 100_000);
  const loadAtStart = os.loadavg()[0];
  console.log(`\n--- learners on PGlite: ${count.toLocaleString('en-US')} (load average ${f2(loadAtStart)}) ---`);
  const database = await openDatabase({ kind: 'pglite' });
  cleanup.add('close PGlite', () => database.close());
  await database.migrate();
  const pglite = database.pglite as PGlite;
  let t = Date.now();
  const seed = await seedLearners(pglite, count);
  const seedSeconds = (Date.now() - t) / 1000;
  console.log(
    `seeded ${seed.learners.toLocaleString('en-US')} learners, ${seed.submissions.toLocaleString('en-US')} submissions into PGlite (${seedSeconds.toFixed(0)} s)`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-pglite-'));
  cleanup.add('remove the PGlite data directory', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
  const app = await buildApp({ config, db: database.db, logger: false });
  cleanup.add('close the PGlite app', () => app.close());
  await app.listen({ port: 0, host: HOST });
  const port = (app.server.address() as { port: number }).port;
  const token = await createSession(database.db, config, seed.adminUserId);
  const load = await LoadGenerator.start();
  cleanup.add('stop the PGlite load generator', () => load.stop());

  const original = pglite.query.bind(pglite);
  const rows: string[][] = [];
  for (const s of learnerScenarios()) {
    t = Date.now();
    const p = listPath(s);
    const headers = { token, page_num: '1' };
    // Record the queries the app sends through this PGlite instance for one request.
    const captured: Captured[] = [];
    (pglite as unknown as { query: unknown }).query = (text: string, params: unknown[], config: unknown) => {
      captured.push({ text, params, config });
      return original(text, params as never, config as never);
    };
    const res = await fetch(`http://${HOST}:${port}${p}`, { headers });
    (pglite as unknown as { query: unknown }).query = original;
    const body = (await res.json()) as { totalItems: number };
    if (res.status !== 200) throw new Error(`${s.label}: HTTP ${res.status}`);
    const list = captured.filter(
      (c) => /from "users"/.test(c.text) && /\blimit\b/.test(c.text) && !/"sessions"/.test(c.text),
    );
    const cnt = captured.filter(
      (c) =>
        !list.includes(c) && !/"sessions"/.test(c.text) && (/count\(/.test(c.text) || /user_role_counts/.test(c.text)),
    );
    if (list.length !== 1 || cnt.length !== 1)
      throw new Error(`${s.label}: PGlite capture found ${captured.length} queries`);
    const latencies: number[] = [];
    const sql: number[] = [];
    for (let round = 0; round < 2; round++) {
      const r = await load.run({
        host: HOST,
        port,
        path: p,
        headers,
        concurrency: 1,
        warmup: round === 0 ? 20 : 2,
        warmupMaxMs: 2000,
        requests: 200,
        maxMs: 3000,
      });
      latencies.push(...r.latencies);
      const started = process.hrtime.bigint();
      for (let i = 0; i < 200 && msSince(started) < 2000; i++) {
        const t0 = process.hrtime.bigint();
        for (const c of [list[0], cnt[0]]) await original(c.text, c.params as never, c.config as never);
        sql.push(msSince(t0));
      }
    }
    const h: LatencyStats = summarize(latencies);
    const q2: LatencyStats = summarize(sql);
    const adds = h.p50 - q2.p50;
    rows.push([
      s.label,
      String(h.count),
      f2(h.p50),
      mark(h.p50 <= TARGETS.p50),
      f2(h.p99),
      mark(h.p99 <= TARGETS.p99),
      f2(q2.p50),
      f2(adds),
      mark(adds <= TARGETS.apiOverhead),
      body.totalItems.toLocaleString('en-US'),
    ]);
    console.log(
      `PGlite ${s.label}: HTTP p50 ${f2(h.p50)} ms, SQL p50 ${f2(q2.p50)} ms (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
  await load.stop();

  // The export through this process's own server: RSS is the bench process's.
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = process.hrtime.bigint();
  let lines = 0;
  await new Promise<void>((resolve, reject) => {
    http
      .get({ host: HOST, port, path: '/admin/user/download-csv', headers: { token } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const ms = msSince(started);
  clearInterval(timer);
  const csvRows = lines - 1;
  const perSec = csvRows / (ms / 1000);
  const out: string[] = [];
  out.push(
    `\n=== PGlite (embedded), ${seed.learners.toLocaleString('en-US')} learners (NOT a million: a smaller set, see bench/README.md), ${seed.submissions.toLocaleString('en-US')} submissions; seeded in ${seedSeconds.toFixed(0)} s ===\n`,
  );
  const header = ['scenario', 'n', 'HTTP p50', '<=10', 'p99', '<=50', 'SQL p50', 'API adds', '<=1.5', 'totalItems'];
  const widths = header.map((hd, i) => Math.max(hd.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  out.push(line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line));
  out.push(
    `download-csv: ${csvRows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(2)} s = ${perSec.toFixed(0)} rows/s (target >= ${TARGETS.csvRowsPerSec}: ${mark(perSec >= TARGETS.csvRowsPerSec)}); ` +
      `bench process RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB (PGlite's whole database lives in this process).`,
  );
  out.push(`Load average (1 min): ${f2(loadAtStart)} at the start, ${f2(os.loadavg()[0])} at the end.`);
  return out.join('\n');
}
