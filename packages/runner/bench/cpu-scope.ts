import { existsSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Counts every CPU second the bench causes, sandboxes included, in one cpuacct cgroup.
 *
 * The sandbox's processes don't reach this process's child CPU times: bwrap's outer
 * process exits without reaping its PID-namespace init, which the host's init then reaps.
 * So the bench moves itself into `cpuacct/cohort-runner-bench-<pid>` (its children follow),
 * and points the runner's cgroup root (RUNNER_CGROUP_ROOT, read when src/local/cgroup.ts
 * loads) at a directory of symlinks: `memory` and `pids` go to the real hierarchies,
 * where the runner always puts its limits, and `cpuacct` goes to the bench's cgroup, so
 * each run's accounting cgroup nests inside it. cpuacct is its own hierarchy here (not
 * co-mounted with `cpu`), so the move changes no scheduling, only who gets counted.
 */
const CGROUP_FS = '/sys/fs/cgroup';

export type CpuScope = {
  /** CPU seconds used so far by the bench and everything it started. */
  cpuSeconds(): number;
  close(): void;
};

function ownCgroup(controller: string): string {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, where] = line.split(':');
    if (controllers?.split(',').includes(controller)) return where;
  }
  return '/';
}

/** Sets RUNNER_CGROUP_ROOT for this process; call before anything imports the runner. */
export async function openCpuScope(scratch: string): Promise<CpuScope> {
  removeStale();
  const name = `cohort-runner-bench-${process.pid}`;
  const acct = path.join(CGROUP_FS, 'cpuacct', name);
  const home = path.join(CGROUP_FS, 'cpuacct', ownCgroup('cpuacct'));
  const root = path.join(scratch, 'cgroup-root');
  await fs.mkdir(acct);
  await fs.mkdir(root);
  await fs.symlink(path.join(CGROUP_FS, 'memory'), path.join(root, 'memory'));
  await fs.symlink(path.join(CGROUP_FS, 'pids'), path.join(root, 'pids'));
  await fs.symlink(acct, path.join(root, 'cpuacct'));
  await fs.writeFile(path.join(acct, 'cgroup.procs'), String(process.pid));
  process.env.RUNNER_CGROUP_ROOT = root;

  return {
    cpuSeconds: () => Number(readFileSync(path.join(acct, 'cpuacct.usage'), 'utf8').trim()) / 1e9,
    close() {
      // Move back this process and whatever it started meanwhile that still lives (tsx's
      // esbuild service, for one), so the cgroup is empty and can go.
      const procs = [String(process.pid)];
      try {
        procs.push(...(readFileSync(path.join(acct, 'cgroup.procs'), 'utf8').match(/\d+/g) ?? []));
      } catch {
        // gone already
      }
      for (const pid of new Set(procs)) {
        try {
          writeFileSync(path.join(home, 'cgroup.procs'), pid);
        } catch {
          // gone already
        }
      }
      removeTree(acct);
    },
  };
}

/** Removes a bench cgroup and the per-run cgroups a run cut short left in it (empty ones only). */
function removeTree(acct: string) {
  const parent = path.join(acct, 'cohort-runner');
  for (const dir of [...subdirs(parent).map((d) => path.join(parent, d)), parent, acct]) {
    try {
      rmdirSync(dir);
    } catch {
      // busy or gone
    }
  }
}

/** Earlier benches' cgroups whose process is gone (e.g. killed with SIGKILL). */
function removeStale() {
  const root = path.join(CGROUP_FS, 'cpuacct');
  for (const name of subdirs(root)) {
    const pid = /^cohort-runner-bench-(\d+)$/.exec(name)?.[1];
    if (pid && !existsSync(`/proc/${pid}`)) removeTree(path.join(root, name));
  }
}

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}
