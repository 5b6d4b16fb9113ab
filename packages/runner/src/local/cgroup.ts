import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One cgroup (v1: memory, pids and cpuacct hierarchies) per run: it caps memory and
 * processes for the whole process tree, measures CPU time and peak memory, and lets
 * us kill every process of the run at once.
 */
const ROOT = process.env.RUNNER_CGROUP_ROOT ?? '/sys/fs/cgroup';
const CONTROLLERS = ['memory', 'pids', 'cpuacct'] as const;
const PARENT = 'cohort-runner';

export type CgroupLimits = { memoryBytes: number; maxProcesses: number };

export async function cgroupsAvailable(): Promise<boolean> {
  try {
    for (const c of CONTROLLERS) await fs.access(path.join(ROOT, c, 'cgroup.procs'), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export class RunCgroup {
  private constructor(readonly name: string) {}

  private dir(controller: (typeof CONTROLLERS)[number]) {
    return path.join(ROOT, controller, PARENT, this.name);
  }

  /** The cgroup.procs files a starting process writes its pid into. */
  get procsFiles(): string[] {
    return CONTROLLERS.map((c) => path.join(this.dir(c), 'cgroup.procs'));
  }

  static async create(name: string, limits: CgroupLimits): Promise<RunCgroup> {
    const cg = new RunCgroup(name);
    for (const c of CONTROLLERS) await fs.mkdir(cg.dir(c), { recursive: true });
    await fs.writeFile(path.join(cg.dir('memory'), 'memory.limit_in_bytes'), String(limits.memoryBytes));
    // No swap either, where swap accounting exists.
    await fs
      .writeFile(path.join(cg.dir('memory'), 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes))
      .catch(() => {});
    await fs.writeFile(path.join(cg.dir('pids'), 'pids.max'), String(limits.maxProcesses));
    return cg;
  }

  private async read(controller: (typeof CONTROLLERS)[number], file: string): Promise<string> {
    return fs.readFile(path.join(this.dir(controller), file), 'utf8').catch(() => '');
  }

  /** CPU time of every process the run had, in seconds. */
  async cpuSeconds(): Promise<number> {
    return Number((await this.read('cpuacct', 'cpuacct.usage')).trim() || 0) / 1e9;
  }

  async peakMemoryKb(): Promise<number> {
    return Math.round(Number((await this.read('memory', 'memory.max_usage_in_bytes')).trim() || 0) / 1024);
  }

  /** True when the kernel's OOM killer acted inside this cgroup. */
  async oomKilled(): Promise<boolean> {
    const ctl = await this.read('memory', 'memory.oom_control');
    const kills = /oom_kill (\d+)/.exec(ctl);
    if (kills) return Number(kills[1]) > 0;
    return Number((await this.read('memory', 'memory.failcnt')).trim() || 0) > 0;
  }

  async pidsLimitHit(): Promise<boolean> {
    return Number((await this.read('pids', 'pids.events')).match(/max (\d+)/)?.[1] ?? 0) > 0;
  }

  /**
   * Kills every process of the run. `spare` (the sandbox's outer bwrap, our direct child)
   * is left to exit by itself once its child is gone, so nothing is orphaned to an init
   * that may never reap it.
   */
  async killAll(spare?: number): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const pids = (await this.read('pids', 'cgroup.procs'))
        .split('\n')
        .filter(Boolean)
        .map(Number)
        .filter((pid) => pid !== spare);
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async destroy(): Promise<void> {
    await this.killAll();
    for (const c of CONTROLLERS) {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          await fs.rmdir(this.dir(c));
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
  }
}
