import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { outputsMatch } from '../compare';
import { languageById } from '../languages';
import { WorkQueue } from '../queue';
import {
  emptyResult,
  type RunnerBackend,
  RunnerError,
  STATUS,
  type Status,
  type SubmissionRequest,
  type SubmissionResult,
} from '../types';
import { cgroupsAvailable } from './cgroup';
import { runSandboxed, SANDBOX_UID, type SandboxLimits, type SandboxOutcome } from './sandbox';
import { type Assets, pgliteVersion, SQL_RUNNER_PATH, sqlBinds, TOOLCHAINS } from './toolchains';

export type LocalBackendOptions = {
  /** Runs at once; default the number of cores. */
  concurrency?: number;
  /** Runs allowed to wait; beyond that submit answers BUSY. */
  maxQueued?: number;
  /** Default limits (Judge0's units in the request override them). */
  limits?: Partial<SandboxLimits>;
  /** Finished results kept for status() (oldest dropped first). */
  keepResults?: number;
  /** Where per-run work dirs are made (the sandbox user must be able to traverse it); default the OS temp dir. */
  workRoot?: string;
};

export const DEFAULT_LIMITS: SandboxLimits = {
  cpuSeconds: 5,
  wallSeconds: 10,
  memoryKb: 256 * 1024,
  maxProcesses: 64,
  maxOpenFiles: 256,
  maxFileSizeKb: 16 * 1024,
  maxOutputKb: 1024,
};

/** Compilers get their own, roomier limits; they are our tools, not the task's code. */
const COMPILE_LIMITS: SandboxLimits = {
  cpuSeconds: 20,
  wallSeconds: 30,
  memoryKb: 1024 * 1024,
  maxProcesses: 64,
  maxOpenFiles: 512,
  maxFileSizeKb: 64 * 1024,
  maxOutputKb: 64,
};

const SIG = { SEGV: 11, XFSZ: 25, FPE: 8, ABRT: 6 };

function limitsFor(req: SubmissionRequest, defaults: SandboxLimits): SandboxLimits {
  const clamp = (v: number | undefined, d: number, max: number) =>
    v === undefined || !Number.isFinite(v) || v <= 0 ? d : Math.min(v, max);
  return {
    ...defaults,
    cpuSeconds: clamp(req.cpu_time_limit, defaults.cpuSeconds, 20),
    wallSeconds: clamp(req.wall_time_limit, defaults.wallSeconds, 30),
    memoryKb: clamp(req.memory_limit, defaults.memoryKb, 1024 * 1024),
    maxProcesses: clamp(req.max_processes_and_or_threads, defaults.maxProcesses, 256),
    maxFileSizeKb: clamp(req.max_file_size, defaults.maxFileSizeKb, 64 * 1024),
  };
}

/** A run's work dir size: room for the program's files up to the file-size limit, twice over. */
export function workDirSizeKb(limits: SandboxLimits): number {
  return Math.max(limits.maxFileSizeKb * 2, 32 * 1024);
}

/** A private work directory on its own small tmpfs (root only), owned by the sandbox user. */
export async function makeWorkDir(
  root: string,
  sizeKb: number,
): Promise<{ dir: string; release: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(root, 'cohort-run-'));
  let mounted = false;
  if (process.getuid?.() === 0) {
    const { execFile } = await import('node:child_process');
    mounted = await new Promise<boolean>((resolve) =>
      execFile(
        '/usr/bin/mount',
        [
          '-t',
          'tmpfs',
          '-o',
          `size=${sizeKb}k,mode=0700,uid=${SANDBOX_UID},gid=${SANDBOX_UID},nosuid,nodev`,
          'tmpfs',
          dir,
        ],
        (e) => resolve(!e),
      ),
    );
    if (!mounted) await fs.chown(dir, SANDBOX_UID, SANDBOX_UID);
  }
  return {
    dir,
    release: async () => {
      if (mounted) {
        const { execFile } = await import('node:child_process');
        await new Promise<void>((resolve) => execFile('/usr/bin/umount', ['-l', dir], () => resolve()));
      }
      // rm never follows symlinks the program may have planted.
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

function finalStatus(
  o: SandboxOutcome,
  expected: string | null | undefined,
): { status: Status; message: string | null } {
  if (o.stoppedBy === 'cpu' || o.stoppedBy === 'wall') {
    return {
      status: STATUS.TIME_LIMIT_EXCEEDED,
      message: o.stoppedBy === 'wall' ? 'Wall time limit exceeded' : 'Time limit exceeded',
    };
  }
  if (o.stoppedBy === 'output')
    return { status: STATUS.RUNTIME_ERROR_OTHER, message: 'Output limit exceeded; the output was cut' };
  if (o.stoppedBy === 'memory') return { status: STATUS.RUNTIME_ERROR_OTHER, message: 'Memory limit exceeded' };
  if (o.signal !== null) {
    const bySignal: Record<number, Status> = {
      [SIG.SEGV]: STATUS.RUNTIME_ERROR_SIGSEGV,
      [SIG.XFSZ]: STATUS.RUNTIME_ERROR_SIGXFSZ,
      [SIG.FPE]: STATUS.RUNTIME_ERROR_SIGFPE,
      [SIG.ABRT]: STATUS.RUNTIME_ERROR_SIGABRT,
    };
    return { status: bySignal[o.signal] ?? STATUS.RUNTIME_ERROR_OTHER, message: `Exited with signal ${o.signal}` };
  }
  if (o.exitCode === null) return { status: STATUS.INTERNAL_ERROR, message: 'The sandbox did not start' };
  if (o.exitCode !== 0) {
    if (/bwrap: execvp .*Exec format error/.test(o.stderr)) return { status: STATUS.EXEC_FORMAT_ERROR, message: null };
    if (o.pidsLimitHit && /Resource temporarily unavailable|fork/i.test(o.stderr)) {
      return {
        status: STATUS.RUNTIME_ERROR_NZEC,
        message: `Exited with error status ${o.exitCode}; process limit reached`,
      };
    }
    return { status: STATUS.RUNTIME_ERROR_NZEC, message: `Exited with error status ${o.exitCode}` };
  }
  if (expected == null) return { status: STATUS.ACCEPTED, message: null };
  return outputsMatch(o.stdout, expected)
    ? { status: STATUS.ACCEPTED, message: null }
    : { status: STATUS.WRONG_ANSWER, message: null };
}

const seconds = (s: number) => s.toFixed(3);

/** The local sandbox backend: nothing to install beyond the machine's compilers. */
export function createLocalBackend(opts: LocalBackendOptions = {}): RunnerBackend & { queue: WorkQueue } {
  const defaults = { ...DEFAULT_LIMITS, ...opts.limits };
  const queue = new WorkQueue(opts.concurrency ?? os.availableParallelism(), opts.maxQueued ?? 100);
  const results = new Map<string, SubmissionResult>();
  const keep = opts.keepResults ?? 10_000;
  const workRoot = opts.workRoot ?? os.tmpdir();
  let sandboxReady: Promise<string | null> | undefined;
  let sqlTemplate: Promise<string> | undefined;

  /**
   * Builds the empty-database template once, itself inside the sandbox, and keeps it on
   * disk for every backend of this machine (keyed by the PGlite version, written atomically).
   */
  async function makeSqlTemplate(): Promise<string> {
    const cache = path.join(os.tmpdir(), `cohort-runner-cache-pglite-${pgliteVersion()}`);
    const file = path.join(cache, 'pglite-template.tar');
    if ((await fs.stat(file).catch(() => null))?.size) return file;
    const work = await makeWorkDir(workRoot, 256 * 1024);
    try {
      const o = await runSandboxed({
        workDir: work.dir,
        argv: ['/usr/bin/node', SQL_RUNNER_PATH, '--make-template', '/work/template.tar'],
        roBinds: sqlBinds(),
        limits: { ...COMPILE_LIMITS, memoryKb: 1536 * 1024, maxFileSizeKb: 128 * 1024 },
      });
      if (o.exitCode !== 0) throw new Error(`could not prepare the SQL engine: ${o.stderr.slice(0, 500)}`);
      await fs.mkdir(cache, { recursive: true, mode: 0o755 });
      const partial = `${file}.${randomUUID()}`;
      await fs.copyFile(path.join(work.dir, 'template.tar'), partial);
      await fs.chmod(partial, 0o644);
      await fs.rename(partial, file);
      return file;
    } finally {
      await work.release();
    }
  }

  const remember = (r: SubmissionResult) => {
    results.delete(r.token);
    results.set(r.token, r);
    while (results.size > keep) results.delete(results.keys().next().value as string);
  };

  /** The final result is published only once the run's work dir is gone, so "done" means cleaned up. */
  async function execute(token: string, req: SubmissionRequest): Promise<void> {
    remember(emptyResult(token, STATUS.PROCESSING));
    try {
      remember(await executeUnsafe(token, req));
    } catch (err) {
      remember({ ...emptyResult(token, STATUS.INTERNAL_ERROR), message: `Runner failure: ${(err as Error).message}` });
    }
  }

  async function executeUnsafe(token: string, req: SubmissionRequest): Promise<SubmissionResult> {
    sandboxReady ??= cgroupsAvailable().then((ok) =>
      ok ? null : 'No writable cgroup (v1 memory, pids, cpuacct) for the sandbox',
    );
    const why = await sandboxReady;
    if (why) return { ...emptyResult(token, STATUS.INTERNAL_ERROR), message: why };
    const tool = TOOLCHAINS[req.language_id];
    const limits = limitsFor(req, defaults);
    limits.memoryKb = Math.max(limits.memoryKb, tool.minMemoryKb ?? 0);
    const assets: Assets = {};
    if (tool.needsSqlTemplate) {
      sqlTemplate ??= makeSqlTemplate();
      sqlTemplate.catch(() => {
        sqlTemplate = undefined;
      });
      assets.sqlTemplate = await sqlTemplate;
    }
    const work = await makeWorkDir(workRoot, workDirSizeKb(limits));
    try {
      await fs.writeFile(path.join(work.dir, tool.sourceFile), req.source_code);
      await fs.chown(path.join(work.dir, tool.sourceFile), SANDBOX_UID, SANDBOX_UID).catch(() => {});
      if (tool.compile) {
        const c = await runSandboxed({ workDir: work.dir, ...tool.compile, limits: COMPILE_LIMITS });
        if (c.exitCode !== 0 || c.stoppedBy) {
          const note = c.stoppedBy ? `\nCompilation stopped: ${c.stoppedBy} limit` : '';
          return {
            ...emptyResult(token, STATUS.COMPILATION_ERROR),
            compile_output: `${c.stdout}${c.stderr}${note}`.trim() || null,
            exit_code: c.exitCode,
          };
        }
      }
      const o = await runSandboxed({
        workDir: work.dir,
        ...tool.run(limits.memoryKb, assets),
        stdin: req.stdin,
        limits,
      });
      if (tool.syntaxErrorExitCode !== undefined && o.exitCode === tool.syntaxErrorExitCode && !o.stoppedBy) {
        return {
          ...emptyResult(token, STATUS.COMPILATION_ERROR),
          compile_output: o.stderr.trim() || null,
          exit_code: o.exitCode,
        };
      }
      const { status, message } = finalStatus(o, req.expected_output);
      return {
        token,
        status,
        stdout: o.stdout || null,
        stderr: o.stderr || null,
        compile_output: null,
        message,
        time: seconds(o.cpuSeconds),
        wall_time: seconds(o.wallSeconds),
        memory: o.memoryKb,
        exit_code: o.exitCode,
        exit_signal: o.signal,
        output_truncated: o.outputTruncated,
      };
    } finally {
      await work.release();
    }
  }

  return {
    name: 'local',
    queue,
    async submit(req) {
      languageById(req.language_id);
      if (typeof req.source_code !== 'string' || req.source_code.length === 0) {
        throw new RunnerError('BAD_REQUEST', 'source_code is required');
      }
      if (req.source_code.length > 512 * 1024)
        throw new RunnerError('BAD_REQUEST', 'source_code is larger than 512 KB');
      const token = randomUUID();
      void queue.push(() => execute(token, req)).catch(() => {});
      if (!results.has(token)) remember(emptyResult(token, STATUS.IN_QUEUE));
      return { token };
    },
    async status(token) {
      const r = results.get(token);
      if (!r) throw new RunnerError('NOT_FOUND', `No submission ${token}`);
      return r;
    },
    async close() {},
  };
}
