/**
 * The runner's cost per run: the local sandbox backend against the same compile and run
 * commands spawned bare, for a trivial program in each language, at concurrency 1 and 2.
 * Run as root: `npm run bench -w @cohort/runner`. See bench/README.md.
 *
 * This entry sets the stage before any runner module loads (src/local/cgroup.ts reads
 * RUNNER_CGROUP_ROOT at import): a scratch dir for everything the run creates, and the
 * cpuacct cgroup that counts the bench's CPU. bench-main.ts does the measuring.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CpuScope, openCpuScope } from './cpu-scope';

const log = (msg: string) => process.stderr.write(`[runner-bench] ${msg}\n`);

/** Removes the scratch dir, unmounting any work-dir tmpfs an interrupted run left in it. */
function removeScratch(scratch: string) {
  try {
    const mounts = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[1])
      .filter((m) => m?.startsWith(`${scratch}/`));
    for (const m of mounts) execFileSync('/usr/bin/umount', ['-l', m], { stdio: 'ignore' });
  } catch {
    // best effort
  }
  rmSync(scratch, { recursive: true, force: true });
}

async function run(): Promise<number> {
  if (process.getuid?.() !== 0) {
    log('run this as root: the sandbox needs setpriv, tmpfs mounts and cgroups');
    return 2;
  }
  // Everything the backend and the bench create goes into one scratch dir, removed at the
  // end: the work dirs (workRoot) and the SQL template cache (os.tmpdir() follows TMPDIR).
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'cohort-runner-bench-'));
  await fs.chmod(scratch, 0o755); // the sandbox user must reach its work dirs and the template
  process.env.TMPDIR = scratch;
  let scope: CpuScope | undefined;
  const cleanup = () => {
    scope?.close();
    scope = undefined;
    removeScratch(scratch);
  };
  const onSignal = (sig: NodeJS.Signals) => {
    cleanup();
    process.kill(process.pid, sig);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    try {
      scope = await openCpuScope(scratch);
    } catch (err) {
      log(`no writable cgroup v1 cpuacct under /sys/fs/cgroup (${(err as Error).message}): the sandbox cannot run`);
      return 2;
    }
    const { benchMain } = await import('./bench-main');
    return await benchMain({ scratch, cpuSeconds: scope.cpuSeconds });
  } finally {
    cleanup();
  }
}

process.exitCode = await run();
