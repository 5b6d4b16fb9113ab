import { BUSY_OTHER_CORES } from './machine';
import type { Attribution } from './overhead';
import type { Summary } from './stats';

export type Side = {
  runs: number;
  errors: string[];
  wallMs: number;
  runsPerSecond: number;
  /** CPU time per run (ms) of everything involved: the bench, its processes, the sandboxes. */
  cpuMsPerRun: number;
  latency: Summary;
  latenciesMs: number[];
  warmupMs: number[];
};

export type Row = {
  languageId: number;
  name: string;
  concurrency: number;
  /** Sandboxed steps per run: the compile step (if any) and the run step. */
  steps: number;
  sandboxed: Side;
  bare: Side;
  /** Sandboxed p50 / bare p50. */
  ratio: number;
  /** Average cores other work used while this row was measured (null if unknown). */
  otherCores: number | null;
  /** Average cores the hypervisor took away (steal time) meanwhile. */
  stealCores: number | null;
  benchCores: number | null;
};

function table(head: string[], rows: string[][], leftColumns = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const cores = (v: number | null) => (v === null ? '?' : `${v.toFixed(2)}${v > BUSY_OTHER_CORES ? ' !' : ''}`);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 100 ? 1 : 0) : '-');

export function concurrencyTable(concurrency: number, rows: Row[]): string {
  const title =
    `Concurrency ${concurrency}: backend concurrency ${concurrency}, ${concurrency} submission(s) in flight; ` +
    `bare runs ${concurrency} at a time. Latencies and CPU per run in ms; other CPU and steal in cores.`;
  const body = rows.map((r) => [
    r.name,
    String(r.sandboxed.runs),
    r.sandboxed.runsPerSecond.toFixed(2),
    ms(r.sandboxed.latency.p50),
    ms(r.sandboxed.latency.p99),
    ms(r.bare.latency.p50),
    ms(r.bare.latency.p99),
    r.bare.runsPerSecond.toFixed(2),
    ms(r.sandboxed.cpuMsPerRun),
    ms(r.bare.cpuMsPerRun),
    Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}x` : '-',
    String(r.sandboxed.errors.length + r.bare.errors.length),
    cores(r.otherCores),
    cores(r.stealCores),
  ]);
  const head = [
    'language',
    'runs',
    'runs/s',
    'p50',
    'p99',
    'bare p50',
    'bare p99',
    'bare runs/s',
    'CPU/run',
    'bare CPU/run',
    'ratio',
    'errors',
    'other CPU',
    'steal',
  ];
  return `${title}\n\n${table(head, body)}\n`;
}

export function attributionReport(a: Attribution, rows: Row[], pollMs: number): string {
  const probes = table(
    ['probe (one at a time)', 'p50', 'p99'],
    a.probes.map((p) => [p.name, ms(p.summary.p50), ms(p.summary.p99)]),
  );
  const per = rows.map((r) => {
    const delta = r.sandboxed.latency.p50 - r.bare.latency.p50;
    const fixed = a.workDirMs + r.steps * a.stepMs + pollMs / 2;
    return [r.name, String(r.steps), ms(delta), ms(fixed), ms(delta - fixed)];
  });
  const split = table(['language (concurrency 1)', 'steps', 'extra p50', 'fixed costs', 'rest'], per);
  return [
    'Where the extra time goes (concurrency 1)',
    '',
    probes,
    '',
    `Per sandboxed step: ~${ms(a.stepMs)} ms (runSandboxed(/bin/true) - bare spawn). Per run: ~${ms(a.workDirMs)} ms ` +
      `for the tmpfs work dir, plus ~${ms(pollMs / 2)} ms waiting for the next status poll.`,
    'fixed costs = work dir + steps x per-step + poll; rest = extra p50 - fixed costs, i.e. the program itself',
    'running slower inside the sandbox (or noise: medians do not subtract exactly).',
    '',
    split,
    '',
  ].join('\n');
}
