import type { LatencyStats } from './stats';

export type HttpRow = {
  concurrency: number;
  stats: LatencyStats;
  reqPerSec: number;
  errors: number;
  responseBytes: number;
};

export type ScenarioReport = {
  key: string;
  label: string;
  path: string;
  page: number;
  totalItems: number;
  http: HttpRow[];
  /** The engine's select ... limit/offset then count(*), back to back through pg. */
  sql: { total: LatencyStats; list: LatencyStats; count: LatencyStats };
  plans: { list: { outline: string; executionMs: number }; count: { outline: string; executionMs: number } };
  queries: { text: string; values: unknown[] }[];
};

export type BaselineReport = { label: string; path: string; http: HttpRow[] };

const f = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function table(header: string[], rows: string[][], leftCols = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < leftCols ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(r: {
  baseline: BaselineReport;
  scenarios: ScenarioReport[];
  auth: LatencyStats;
  rss: { before: number; after: number; peak: number };
  load1: { start: number; end: number };
  cpus: number;
}): string {
  const out: string[] = [];
  const header = [
    'scenario',
    'conc',
    'n',
    'HTTP p50',
    'p99',
    'mean',
    'req/s',
    'SQL n',
    'SQL p50',
    'SQL p99',
    'HTTP p50 / SQL p50',
  ];
  const rows: string[][] = [];
  for (const [i, h] of r.baseline.http.entries()) {
    const { count, p50, p99, mean } = h.stats;
    const label = i === 0 ? r.baseline.label : '';
    rows.push([label, String(h.concurrency), String(count), f(p50), f(p99), f(mean), f(h.reqPerSec, 0)]);
    rows[rows.length - 1].push('—', '—', '—', '—');
  }
  for (const s of r.scenarios) {
    for (const [i, h] of s.http.entries()) {
      rows.push([
        i === 0 ? s.label : '',
        String(h.concurrency),
        String(h.stats.count),
        f(h.stats.p50),
        f(h.stats.p99),
        f(h.stats.mean),
        f(h.reqPerSec, 0),
        String(s.sql.total.count),
        f(s.sql.total.p50),
        f(s.sql.total.p99),
        `${f(h.stats.p50 / s.sql.total.p50, 1)}x`,
      ]);
    }
  }
  out.push('Latency in ms; n = measured requests. SQL = the list query then its count(*), through pg, one at a time.');
  out.push(table(header, rows));

  out.push('');
  out.push(`Where a request's time goes (concurrency 1, p50 ms). Session lookup SQL p50: ${f(r.auth.p50)} ms.`);
  const c1 = (s: ScenarioReport) => s.http.find((h) => h.concurrency === 1) ?? s.http[0];
  out.push(
    table(
      [
        'scenario',
        'HTTP',
        'list SQL',
        'count SQL',
        '+ session SQL',
        '= DB',
        'rest (Node, HTTP)',
        'response',
        'matches',
      ],
      r.scenarios.map((s) => {
        const http = c1(s).stats.p50;
        const db = s.sql.list.p50 + s.sql.count.p50 + r.auth.p50;
        return [
          s.label,
          f(http),
          f(s.sql.list.p50),
          f(s.sql.count.p50),
          f(r.auth.p50),
          f(db),
          f(http - db),
          `${(c1(s).responseBytes / 1024).toFixed(1)} KB`,
          s.totalItems.toLocaleString('en-US'),
        ];
      }),
    ),
  );

  out.push('');
  out.push('Plans (EXPLAIN ANALYZE of the captured queries; execution ms on the server):');
  for (const s of r.scenarios) {
    out.push(`  ${s.label}`);
    out.push(`    list  ${f(s.plans.list.executionMs)} ms  ${s.plans.list.outline}`);
    out.push(`    count ${f(s.plans.count.executionMs)} ms  ${s.plans.count.outline}`);
  }

  out.push('');
  out.push(
    `Process RSS (server, load-generator thread, pg pools): ${mb(r.rss.before)} before the HTTP runs, ` +
      `${mb(r.rss.after)} after (peak seen ${mb(r.rss.peak)}).`,
  );
  const busy = Math.max(r.load1.start, r.load1.end) > r.cpus / 2;
  out.push(
    `Load average (1 min) on ${r.cpus} CPUs: ${f(r.load1.start)} at the start, ${f(r.load1.end)} at the end` +
      (busy ? ': other work was running, so absolute numbers are noisy.' : '.'),
  );
  const errors = [...r.baseline.http, ...r.scenarios.flatMap((s) => s.http)].reduce((n, h) => n + h.errors, 0);
  if (errors > 0) out.push(`WARNING: ${errors} responses were not 200.`);
  return out.join('\n');
}
