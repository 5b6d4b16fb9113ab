import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * How busy the machine is apart from the bench. The load average counts the bench's own
 * processes too, so during a phase we compare the machine's busy CPU time (/proc/stat)
 * with the bench's own (its cpuacct cgroup, see cpu-scope.ts). What remains is other
 * work: other processes and kernel threads (some of which tear down the sandboxes'
 * namespaces and cgroups, so a little of it is the sandbox's own cost). Steal time, the
 * CPU the hypervisor gave to other VMs, is kept apart: it slows everything here alike.
 */
const USER_HZ = 100;

type MachineSeconds = { busy: number; steal: number; total: number };

function machineSeconds(): MachineSeconds | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal, in USER_HZ ticks summed over the CPUs
    const [user, nice, system, , , irq, softirq, steal] = cpu;
    const total = cpu.reduce((s, v) => s + v, 0);
    return { busy: (user + nice + system + irq + softirq) / USER_HZ, steal: steal / USER_HZ, total: total / USER_HZ };
  } catch {
    return null;
  }
}

export type CpuUse = {
  /** CPU seconds the bench used (itself, the bare processes and the sandboxes). */
  benchSeconds: number;
  /** Cores used on average by the bench. */
  benchCores: number;
  /** Cores used on average by other processes and kernel threads. */
  otherCores: number;
  /** Cores the hypervisor took away on average (steal time). */
  stealCores: number;
};

/** Starts a window; calling the result ends it. `benchSeconds` reads the bench's CPU counter. */
export function cpuWindow(benchSeconds: () => number): () => CpuUse | null {
  const start = machineSeconds();
  const benchStart = benchSeconds();
  return () => {
    const end = machineSeconds();
    const bench = benchSeconds() - benchStart;
    if (!start || !end || end.total <= start.total) return null;
    const cores = os.cpus().length;
    const share = (seconds: number) => (seconds / (end.total - start.total)) * cores;
    return {
      benchSeconds: bench,
      benchCores: share(bench),
      otherCores: Math.max(0, share(end.busy - start.busy - bench)),
      stealCores: share(end.steal - start.steal),
    };
  };
}

export function loadAverage(): [number, number, number] {
  const [a, b, c] = os.loadavg();
  return [a, b, c];
}

export function cpuCount(): number {
  return os.cpus().length;
}

/** Other work (or steal) above this many cores during a phase makes its numbers suspect. */
export const BUSY_OTHER_CORES = 0.3;
