import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { RunCgroup } from '../src/local/cgroup';
import { DEFAULT_LIMITS, makeWorkDir, workDirSizeKb } from '../src/local/local-backend';
import { bwrapArgs, runSandboxed, SANDBOX_UID, SETPRIV } from '../src/local/sandbox';
import { runProcess } from './bare';
import { type Summary, summarize } from './stats';

/**
 * Where a sandboxed run's extra time goes: the pieces a run adds over a bare spawn, each
 * timed on its own around `/bin/true`, one at a time. Every probe uses the runner's own
 * pieces: its setpriv and bwrap arguments, `RunCgroup`, `runSandboxed` and `makeWorkDir`.
 * The prlimit probe sets two of the sandbox's limits, not all of them.
 */
export type Probe = { name: string; summary: Summary };

/** The sandbox's own bwrap command line (same mounts and namespaces), without rlimits or cgroup. */
function bwrap(workDir: string): string[] {
  return ['/usr/bin/bwrap', ...bwrapArgs({ workDir, argv: [], limits: DEFAULT_LIMITS })];
}

export type Attribution = {
  probes: Probe[];
  /** runSandboxed(/bin/true) p50 minus a bare spawn's p50: what each sandboxed step adds. */
  stepMs: number;
  /** A tmpfs work dir (mount, umount) minus a plain temp dir: what each run adds once. */
  workDirMs: number;
};

export async function measureAttribution(scratch: string, samples = 15): Promise<Attribution> {
  const workDir = await fs.mkdtemp(path.join(scratch, 'probe-'));
  await fs.chown(workDir, SANDBOX_UID, SANDBOX_UID);
  const env = { PATH: '/usr/bin:/bin', HOME: workDir };
  const ok = async (argv: string[]) => {
    const r = await runProcess(argv, { cwd: workDir, env });
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.stderr.slice(0, 300)}`);
  };
  const plainDir = async () => {
    const dir = await fs.mkdtemp(path.join(scratch, 'probe-wd-'));
    await fs.rm(dir, { recursive: true, force: true });
  };
  const tmpfsDir = async () => {
    const work = await makeWorkDir(scratch, workDirSizeKb(DEFAULT_LIMITS));
    await work.release();
  };

  const variants: [string, () => Promise<unknown>][] = [
    ['spawn /bin/true (bare)', () => ok(['/bin/true'])],
    [
      'prlimit + setpriv, /bin/true',
      () => ok(['/usr/bin/prlimit', '--cpu=5:6', '--core=0:0', '--', ...SETPRIV, '/bin/true']),
    ],
    ['setpriv + bwrap namespaces, /bin/true', () => ok([...SETPRIV, ...bwrap(workDir), '/bin/true'])],
    [
      'cgroup create + destroy',
      async () => {
        const cg = await RunCgroup.create(`bench-${randomUUID()}`, { memoryBytes: 256 << 20, maxProcesses: 64 });
        await cg.destroy();
      },
    ],
    [
      'runSandboxed(/bin/true): one whole step',
      async () => {
        const o = await runSandboxed({ workDir, argv: ['/bin/true'], limits: DEFAULT_LIMITS });
        if (o.exitCode !== 0) throw new Error(`runSandboxed /bin/true: ${o.stderr.slice(0, 300)}`);
      },
    ],
    ['plain temp dir: mkdtemp + rm', plainDir],
    ['tmpfs work dir: mkdtemp + mount + umount + rm', tmpfsDir],
  ];

  const probes: Probe[] = [];
  try {
    for (const [name, fn] of variants) {
      await fn();
      await fn();
      const ms: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        await fn();
        ms.push(performance.now() - t0);
      }
      probes.push({ name, summary: summarize(ms) });
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  const p50 = (prefix: string) => probes.find((p) => p.name.startsWith(prefix))?.summary.p50 ?? Number.NaN;
  return {
    probes,
    stepMs: p50('runSandboxed') - p50('spawn /bin/true'),
    workDirMs: p50('tmpfs work dir') - p50('plain temp dir'),
  };
}
