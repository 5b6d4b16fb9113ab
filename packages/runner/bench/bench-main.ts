import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../src/batch';
import { cgroupsAvailable } from '../src/local/cgroup';
import { createLocalBackend } from '../src/local/local-backend';
import { TOOLCHAINS } from '../src/local/toolchains';
import { type RunnerBackend, STATUS } from '../src/types';
import { type BareEnv, prepareBare, runBare } from './bare';
import { BUSY_OTHER_CORES, cpuCount, cpuWindow, loadAverage } from './machine';
import { measureAttribution } from './overhead';
import { type BenchProgram, PROGRAMS } from './programs';
import { attributionReport, concurrencyTable, type Row, type Side } from './report';
import { round1, round3, rounded, summarize } from './stats';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results', 'latest.json');
const POLL_MS = 5;
const WARMUP = 2;
/** Measured runs alternate sandboxed and bare in rounds, so drifting background load hits both. */
const ROUNDS = 2;
/** A bare round may take at most this multiple of the sandboxed round's time budget. */
const BARE_TIME_FACTOR = 1.5;

const envList = (name: string, fallback: number[]) =>
  process.env[name]
    ? process.env[name]
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isFinite(n) && n > 0)
    : fallback;

const LANGUAGES = envList(
  'RUNNER_BENCH_LANGUAGES',
  PROGRAMS.map((p) => p.languageId),
);
const CONCURRENCY = envList('RUNNER_BENCH_CONCURRENCY', [1, 2]);
/** Scales every program's run and time budget (e.g. 0.2 for a quick check). */
const SCALE = Number(process.env.RUNNER_BENCH_SCALE ?? 1) || 1;

const log = (msg: string) => process.stderr.write(`[runner-bench] ${msg}\n`);

type Outcome = { ms: number; error?: string };
type Phase = { latencies: number[]; errors: string[]; wallMs: number; cpuSeconds: number };

export type BenchContext = {
  scratch: string;
  /** CPU seconds used so far by the bench and everything it started (see cpu-scope.ts). */
  cpuSeconds: () => number;
};

/** Runs `once` with `concurrency` loops until `maxRuns` have started or `maxMs` has passed. */
async function phase(
  ctx: BenchContext,
  concurrency: number,
  maxRuns: number,
  maxMs: number,
  once: () => Promise<Outcome>,
): Promise<Phase> {
  const latencies: number[] = [];
  const errors: string[] = [];
  let started = 0;
  const cpu0 = ctx.cpuSeconds();
  const t0 = performance.now();
  const loop = async () => {
    while (started < maxRuns && performance.now() - t0 < maxMs) {
      started++;
      const o = await once().catch((e: Error) => ({ ms: Number.NaN, error: e.message }));
      if (o.error) errors.push(o.error);
      else latencies.push(o.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latencies, errors, wallMs: performance.now() - t0, cpuSeconds: ctx.cpuSeconds() - cpu0 };
}

async function sandboxedOnce(backend: RunnerBackend, prog: BenchProgram): Promise<Outcome> {
  const t0 = performance.now();
  const { token } = await backend.submit({
    language_id: prog.languageId,
    source_code: prog.source,
    stdin: prog.stdin,
    expected_output: prog.expected,
  });
  const r = await waitFor(backend, token, POLL_MS);
  const ms = performance.now() - t0;
  if (r.status.id !== STATUS.ACCEPTED.id || r.stdout !== prog.expected) {
    const detail = (r.compile_output ?? r.stderr ?? r.message ?? '').slice(0, 300);
    return { ms, error: `${r.status.description}, stdout ${JSON.stringify(r.stdout)}${detail ? `: ${detail}` : ''}` };
  }
  return { ms };
}

function side(phases: Phase[], warmupMs: number[]): Side {
  const latencies = phases.flatMap((p) => p.latencies);
  const wallMs = phases.reduce((s, p) => s + p.wallMs, 0);
  const cpuSeconds = phases.reduce((s, p) => s + p.cpuSeconds, 0);
  const attempts = latencies.length + phases.reduce((s, p) => s + p.errors.length, 0);
  return {
    runs: latencies.length,
    errors: phases.flatMap((p) => p.errors),
    wallMs: round1(wallMs),
    runsPerSecond: wallMs > 0 ? (latencies.length / wallMs) * 1000 : 0,
    cpuMsPerRun: attempts ? (cpuSeconds * 1000) / attempts : Number.NaN,
    latency: summarize(latencies),
    latenciesMs: latencies.map(round1),
    warmupMs: warmupMs.map(round1),
  };
}

async function measure(
  ctx: BenchContext,
  backend: RunnerBackend,
  bare: BareEnv,
  prog: BenchProgram,
  concurrency: number,
): Promise<Row> {
  const warm = async (once: () => Promise<Outcome>) => {
    const w = await phase(ctx, concurrency, WARMUP, Number.POSITIVE_INFINITY, once);
    if (w.errors.length) log(`  warm-up error: ${w.errors[0]}`);
    return [...w.latencies];
  };
  const sandboxed = () => sandboxedOnce(backend, prog);
  const bareOnce = () => runBare(bare, prog);
  const sandboxedWarmup = await warm(sandboxed);
  const bareWarmup = await warm(bareOnce);

  const maxRuns = Math.max(ROUNDS, Math.round(prog.maxRuns * SCALE));
  const roundMs = (prog.maxSeconds * SCALE * 1000) / ROUNDS;
  const sPhases: Phase[] = [];
  const bPhases: Phase[] = [];
  const end = cpuWindow(ctx.cpuSeconds);
  for (let round = 0; round < ROUNDS; round++) {
    const done = sPhases.reduce((s, p) => s + p.latencies.length + p.errors.length, 0);
    const s = await phase(ctx, concurrency, Math.ceil((maxRuns - done) / (ROUNDS - round)), roundMs, sandboxed);
    sPhases.push(s);
    const count = s.latencies.length + s.errors.length;
    bPhases.push(await phase(ctx, concurrency, count, roundMs * BARE_TIME_FACTOR, bareOnce));
  }
  const cpu = end();
  const sSide = side(sPhases, sandboxedWarmup);
  const bSide = side(bPhases, bareWarmup);
  return {
    languageId: prog.languageId,
    name: prog.name,
    concurrency,
    steps: TOOLCHAINS[prog.languageId].compile ? 2 : 1,
    sandboxed: sSide,
    bare: bSide,
    ratio: sSide.latency.p50 / bSide.latency.p50,
    otherCores: cpu ? round3(cpu.otherCores) : null,
    stealCores: cpu ? round3(cpu.stealCores) : null,
    benchCores: cpu ? round3(cpu.benchCores) : null,
  };
}

const roundedSide = (s: Side): Side => ({
  ...s,
  runsPerSecond: round3(s.runsPerSecond),
  cpuMsPerRun: round1(s.cpuMsPerRun),
  latency: rounded(s.latency),
});

export async function benchMain(ctx: BenchContext): Promise<number> {
  if (!(await cgroupsAvailable())) {
    log('no writable cgroup v1 (memory, pids, cpuacct) under /sys/fs/cgroup: the sandbox cannot run');
    return 2;
  }
  const programs = PROGRAMS.filter((p) => LANGUAGES.includes(p.languageId));
  const started = performance.now();
  const cpus = cpuCount();
  const loadStart = loadAverage();
  log(`${cpus} CPUs, load average ${loadStart.map((v) => v.toFixed(2)).join(' ')}`);
  if (loadStart[0] > cpus / 2) {
    log('warning: the machine is busy with other work: expect noisy numbers (compare ratios, not absolutes)');
  }

  log('preparing the bare baseline (the /opt mirror and the SQL template)…');
  const bare = await prepareBare(
    ctx.scratch,
    programs.map((p) => p.languageId),
  );
  log('timing the sandbox pieces on /bin/true…');
  const attribution = await measureAttribution(ctx.scratch);

  const rows: Row[] = [];
  for (const concurrency of CONCURRENCY) {
    const backend = createLocalBackend({ concurrency, maxQueued: 10, workRoot: ctx.scratch });
    try {
      for (const prog of programs) {
        log(`concurrency ${concurrency}: ${prog.name}…`);
        const row = await measure(ctx, backend, bare, prog, concurrency);
        rows.push(row);
        for (const e of [...row.sandboxed.errors, ...row.bare.errors].slice(0, 3)) log(`  error: ${e}`);
      }
    } finally {
      await backend.close();
    }
    process.stdout.write(
      `\n${concurrencyTable(
        concurrency,
        rows.filter((r) => r.concurrency === concurrency),
      )}`,
    );
  }
  const c1 = rows.filter((r) => r.concurrency === 1);
  if (c1.length) process.stdout.write(`\n${attributionReport(attribution, c1, POLL_MS)}`);

  const loadEnd = loadAverage();
  const seconds = (performance.now() - started) / 1000;
  const busyRows = rows.filter((r) => (r.otherCores ?? 0) > BUSY_OTHER_CORES);
  const stolenRows = rows.filter((r) => (r.stealCores ?? 0) > BUSY_OTHER_CORES);
  const errors = rows.reduce((s, r) => s + r.sandboxed.errors.length + r.bare.errors.length, 0);
  const fmt = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  const summary = [
    `Load average: ${fmt(loadStart)} at start, ${fmt(loadEnd)} at end ` +
      `(${cpus} CPUs; the bench itself adds up to ${Math.max(...CONCURRENCY)}).`,
    `Bare SQL template built in ${bare.templateSeconds.toFixed(1)} s (the backend builds its own during the SQL warm-up).`,
    `Total ${seconds.toFixed(0)} s.`,
  ];
  if (loadStart[0] > cpus / 2 || busyRows.length) {
    const marked = busyRows.length ? ` (rows marked !: other work used more than ${BUSY_OTHER_CORES} cores)` : '';
    summary.push(`WARNING: the machine was busy with other work${marked}; absolute numbers are noisy, ratios less so.`);
  }
  if (stolenRows.length) {
    summary.push(
      `WARNING: the hypervisor took more than ${BUSY_OTHER_CORES} cores (steal) in ${stolenRows.length} row(s) marked !; ` +
        'both columns slow down, so compare ratios.',
    );
  }
  if (errors) summary.push(`ERRORS: ${errors} run(s) were not Accepted with the expected output (see above).`);
  process.stdout.write(`\n${summary.join('\n')}\n`);

  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus,
      model: os.cpus()[0]?.model,
      kernel: os.release(),
      node: process.version,
      loadAverageStart: loadStart,
      loadAverageEnd: loadEnd,
    },
    settings: {
      pollMs: POLL_MS,
      warmup: WARMUP,
      rounds: ROUNDS,
      scale: SCALE,
      concurrency: CONCURRENCY,
      languages: programs.map((p) => ({
        id: p.languageId,
        name: p.name,
        maxRuns: p.maxRuns,
        maxSeconds: p.maxSeconds,
      })),
    },
    bareSqlTemplateSeconds: round3(bare.templateSeconds),
    attribution: {
      stepMs: round1(attribution.stepMs),
      workDirMs: round1(attribution.workDirMs),
      probes: attribution.probes.map((p) => ({ name: p.name, ...rounded(p.summary) })),
    },
    rows: rows.map((r) => ({
      ...r,
      ratio: round3(r.ratio),
      sandboxed: roundedSide(r.sandboxed),
      bare: roundedSide(r.bare),
    })),
    totalSeconds: round1(seconds),
    errors,
  };
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  log(`results written to ${path.relative(process.cwd(), RESULTS)}`);
  return errors ? 1 : 0;
}
