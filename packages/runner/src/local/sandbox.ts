import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:os';
import { RunCgroup } from './cgroup';

/** The unprivileged identity code runs as (Debian's "nobody"). */
export const SANDBOX_UID = 65534;

/** Drops to the sandbox user for good: no groups, no capabilities, no setuid gains. */
export const SETPRIV = [
  '/usr/bin/setpriv',
  `--reuid=${SANDBOX_UID}`,
  `--regid=${SANDBOX_UID}`,
  '--clear-groups',
  '--inh-caps=-all',
  '--no-new-privs',
  '--',
] as const;

export type SandboxLimits = {
  cpuSeconds: number;
  wallSeconds: number;
  memoryKb: number;
  maxProcesses: number;
  maxOpenFiles: number;
  maxFileSizeKb: number;
  maxOutputKb: number;
};

export type SandboxSpec = {
  /** Host directory mounted read-write at /work (the program's cwd). */
  workDir: string;
  /** Command inside the sandbox, absolute paths. */
  argv: string[];
  stdin?: string | null;
  limits: SandboxLimits;
  /** Extra read-only mounts: [host path, sandbox path]. */
  roBinds?: [string, string][];
  env?: Record<string, string>;
};

export type SandboxOutcome = {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** Signal number that ended the program, if any. */
  signal: number | null;
  cpuSeconds: number;
  wallSeconds: number;
  memoryKb: number;
  /** Which limit stopped the run, if one did. */
  stoppedBy: 'cpu' | 'wall' | 'memory' | 'output' | null;
  outputTruncated: boolean;
  pidsLimitHit: boolean;
};

/** Mounts every run gets: the system read-only, a private /proc, /dev and /tmp, nothing of ours. */
export function bwrapArgs(spec: SandboxSpec): string[] {
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'HOME',
    '/tmp',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--ro-bind-try',
    '/etc/alternatives',
    '/etc/alternatives',
    '--ro-bind-try',
    '/etc/java-17-openjdk',
    '/etc/java-17-openjdk',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(16 * 1024 * 1024),
    '--tmpfs',
    '/tmp',
    '--bind',
    spec.workDir,
    '/work',
  ];
  for (const [host, inside] of spec.roBinds ?? []) args.push('--ro-bind', host, inside);
  // The sandbox's own root (where the mount points live) is read-only too.
  args.push('--remount-ro', '/');
  for (const [k, v] of Object.entries(spec.env ?? {})) args.push('--setenv', k, v);
  args.push('--chdir', '/work', '--');
  return args;
}

const SIGNALS = constants.signals as Record<string, number>;

/**
 * Runs one command in its own namespaces (no network, own PID space, private mounts),
 * as an unprivileged user, with rlimits (CPU, file size, open files, no core dumps), a
 * cgroup (memory, processes, CPU accounting), a wall-clock timer and an output cap.
 * Every process of the run is killed when any limit is reached or the run ends.
 */
export async function runSandboxed(spec: SandboxSpec): Promise<SandboxOutcome> {
  const { limits } = spec;
  const cgroup = await RunCgroup.create(randomUUID(), {
    memoryBytes: limits.memoryKb * 1024,
    maxProcesses: limits.maxProcesses,
  });
  const started = process.hrtime.bigint();
  const cap = limits.maxOutputKb * 1024;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let outBytes = 0;
  let errBytes = 0;
  let stoppedBy: SandboxOutcome['stoppedBy'] = null;
  let outputTruncated = false;

  // The shell (still root) joins the cgroups, then execs into prlimit -> setpriv -> bwrap.
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const fsize = limits.maxFileSizeKb * 1024;
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'for f in $0; do echo $$ > "$f" || exit 120; done; exec "$@"',
      cgroup.procsFiles.join(' '),
      '/usr/bin/prlimit',
      `--cpu=${cpu}:${cpu + 1}`,
      `--fsize=${fsize}:${fsize}`,
      `--nofile=${limits.maxOpenFiles}:${limits.maxOpenFiles}`,
      '--core=0:0',
      '--',
      ...SETPRIV,
      '/usr/bin/bwrap',
      ...bwrapArgs(spec),
      ...spec.argv,
    ],
    { env: {}, stdio: ['pipe', 'pipe', 'pipe'], detached: false },
  );

  let forceKill: NodeJS.Timeout | undefined;
  const stop = (reason: NonNullable<SandboxOutcome['stoppedBy']>) => {
    stoppedBy ??= reason;
    // Kill the program's processes; the outer bwrap then reaps them and exits. Should it
    // not, it is killed too after a second.
    void cgroup.killAll(child.pid);
    forceKill ??= setTimeout(() => child.kill('SIGKILL'), 1000);
  };

  const collect = (chunks: Buffer[], which: 'out' | 'err') => (chunk: Buffer) => {
    const used = which === 'out' ? outBytes : errBytes;
    const room = cap - used;
    if (room > 0) chunks.push(room >= chunk.length ? chunk : chunk.subarray(0, room));
    if (which === 'out') outBytes += chunk.length;
    else errBytes += chunk.length;
    if (chunk.length > room) {
      outputTruncated = true;
      stop('output');
    }
  };
  child.stdout.on('data', collect(out, 'out'));
  child.stderr.on('data', collect(err, 'err'));
  child.stdin.on('error', () => {}); // the program may not read its input
  child.stdin.end(spec.stdin ?? '');

  const wall = setTimeout(() => stop('wall'), limits.wallSeconds * 1000);
  // RLIMIT_CPU is per process; the cgroup's total catches a tree of busy processes.
  const cpuWatch = setInterval(async () => {
    if ((await cgroup.cpuSeconds()) > limits.cpuSeconds) stop('cpu');
  }, 100);

  const [code, signalName] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.on('close', (c, s) => resolve([c, s]));
    child.on('error', () => resolve([null, null]));
  });
  clearTimeout(wall);
  clearTimeout(forceKill);
  clearInterval(cpuWatch);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  const [cpuSeconds, memoryKb, oom, pidsLimitHit] = await Promise.all([
    cgroup.cpuSeconds(),
    cgroup.peakMemoryKb(),
    cgroup.oomKilled(),
    cgroup.pidsLimitHit(),
  ]);
  await cgroup.destroy();

  // bwrap forwards the program's exit: a signal death shows as exit 128+n from bwrap.
  let signal = signalName ? (SIGNALS[signalName] ?? null) : null;
  let exitCode = code;
  if (signal === null && code !== null && code > 128 && code < 128 + 65) {
    signal = code - 128;
    exitCode = null;
  }
  if (!stoppedBy && cpuSeconds > limits.cpuSeconds) stoppedBy = 'cpu';
  if (!stoppedBy && signal === SIGNALS.SIGXCPU) stoppedBy = 'cpu';
  if (!stoppedBy && oom) stoppedBy = 'memory';

  return {
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
    exitCode,
    signal,
    cpuSeconds,
    wallSeconds,
    memoryKb,
    stoppedBy,
    outputTruncated,
    pidsLimitHit,
  };
}
