import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * How busy the machine is apart from the bench. The load average counts the bench's own
 * processes too, so during a phase we compare the machine's busy CPU time (/proc/stat)
 * with this process's own and its reaped children's CPU time (/proc/self/stat): the
 * difference is other work (including kernel threads, e.g. namespace teardown).
 */
type Ticks = { busy: number; total: number; own: number };

function readTicks(): Ticks | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal
    const total = cpu.reduce((s, v) => s + v, 0);
    const busy = total - cpu[3] - cpu[4];
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after "pid (comm) " start at field 3 (state); utime..cstime are fields 14–17.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = f[11] + f[12] + f[13] + f[14];
    return { busy, total, own };
  } catch {
    return null;
  }
}

export type CpuUse = {
  /** Cores used on average by this bench (itself and its finished children). */
  benchCores: number;
  /** Cores used on average by everything else on the machine. */
  otherCores: number;
};

/** Starts a window; calling the result ends it. */
export function cpuWindow(): () => CpuUse | null {
  const start = readTicks();
  return () => {
    const end = readTicks();
    if (!start || !end || end.total <= start.total) return null;
    const cores = os.cpus().length;
    const total = end.total - start.total;
    const busy = end.busy - start.busy;
    const own = Math.min(busy, end.own - start.own);
    return { benchCores: (own / total) * cores, otherCores: Math.max(0, ((busy - own) / total) * cores) };
  };
}

export function loadAverage(): [number, number, number] {
  const [a, b, c] = os.loadavg();
  return [a, b, c];
}

export function cpuCount(): number {
  return os.cpus().length;
}

/** Other work above this many cores during a phase makes its numbers suspect. */
export const BUSY_OTHER_CORES = 0.3;
