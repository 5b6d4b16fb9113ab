import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LIMITS } from '../src/local/local-backend';
import { type Assets, SQL_RUNNER_PATH, type Step, TOOLCHAINS, type Toolchain } from '../src/local/toolchains';
import type { BenchProgram } from './programs';

/**
 * The same work as a sandboxed run, without the sandbox: a plain temp dir (no tmpfs),
 * the source written into it, the toolchain's own compile and run commands (taken from
 * TOOLCHAINS, so they stay in step) spawned directly as root, then the dir removed.
 * No bwrap, setpriv, prlimit, cgroup or tmpfs, and no queue or status polling.
 *
 * Sandbox paths are mapped onto the host: /work becomes the temp dir, and /opt/... becomes
 * a mirror directory whose symlinks reproduce the sandbox's read-only binds (tsc, the
 * Node types, PGlite, the SQL runner itself). The SQL runner is the backend's own
 * script, told by PGLITE_MODULE and PGLITE_TEMPLATE where the mirror keeps PGlite and
 * the template.
 */
const SANDBOX_TEMPLATE = '/opt/pglite-template.tar';
const SANDBOX_PGLITE_MODULE = '/opt/node_modules/@electric-sql/pglite/dist/index.js';

/** Where the SQL runner finds PGlite and the template outside the sandbox. */
const sqlRunnerEnv = (mirror: string) => ({
  PGLITE_MODULE: path.join(mirror, SANDBOX_PGLITE_MODULE),
  PGLITE_TEMPLATE: path.join(mirror, SANDBOX_TEMPLATE),
});

export type ProcResult = { code: number | null; signal: string | null; stdout: string; stderr: string };

export function runProcess(
  argv: string[],
  opts: { cwd: string; env: Record<string, string>; stdin?: string },
): Promise<ProcResult> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => {});
    child.stdin.end(opts.stdin ?? '');
    child.on('error', (e) => resolve({ code: null, signal: null, stdout: '', stderr: e.message }));
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

export type BareEnv = {
  scratch: string;
  mirror: string;
  template: string;
  templateSeconds: number;
};

/** The memory limit the local backend gives a request without limits of its own. */
function memoryKbFor(tool: Toolchain): number {
  return Math.max(DEFAULT_LIMITS.memoryKb, tool.minMemoryKb ?? 0);
}

function stepsOf(tool: Toolchain, template: string): Step[] {
  const assets: Assets = tool.needsSqlTemplate ? { sqlTemplate: template } : {};
  return [...(tool.compile ? [tool.compile] : []), tool.run(memoryKbFor(tool), assets)];
}

const plainEnv = (home: string, extra?: Record<string, string>) => ({ PATH: '/usr/bin:/bin', HOME: home, ...extra });

/**
 * Builds the /opt mirror and, like the backend, the empty-database template once
 * (with the backend's own SQL runner, outside any sandbox).
 */
export async function prepareBare(scratch: string, languageIds: number[]): Promise<BareEnv> {
  const mirror = path.join(scratch, 'bare-root');
  const template = path.join(scratch, 'bare-pglite-template.tar');
  for (const id of languageIds) {
    for (const step of stepsOf(TOOLCHAINS[id], template)) {
      for (const [host, inside] of step.roBinds ?? []) {
        const link = path.join(mirror, inside);
        if (host === link) continue;
        await fs.mkdir(path.dirname(link), { recursive: true });
        await fs.symlink(host, link).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
      }
    }
  }
  let templateSeconds = 0;
  if (languageIds.some((id) => TOOLCHAINS[id].needsSqlTemplate)) {
    const t0 = performance.now();
    const runner = path.join(mirror, SQL_RUNNER_PATH);
    const r = await runProcess(['/usr/bin/node', runner, '--make-template', template], {
      cwd: scratch,
      env: plainEnv(scratch, sqlRunnerEnv(mirror)),
    });
    if (r.code !== 0) throw new Error(`bare SQL template failed: ${r.stderr.slice(0, 500)}`);
    templateSeconds = (performance.now() - t0) / 1000;
  }
  return { scratch, mirror, template, templateSeconds };
}

function mapPath(arg: string, workDir: string, mirror: string): string {
  if (arg === '/work' || arg.startsWith('/work/')) return workDir + arg.slice('/work'.length);
  if (arg.startsWith('/opt/')) return path.join(mirror, arg);
  return arg;
}

export type BareOutcome = { ms: number; error?: string };

/** One bare run, timed from creating the temp dir to removing it. */
export async function runBare(env: BareEnv, prog: BenchProgram): Promise<BareOutcome> {
  const tool = TOOLCHAINS[prog.languageId];
  const t0 = performance.now();
  const dir = await fs.mkdtemp(path.join(env.scratch, 'bare-run-'));
  try {
    await fs.writeFile(path.join(dir, tool.sourceFile), prog.source);
    const extra = tool.needsSqlTemplate ? sqlRunnerEnv(env.mirror) : undefined;
    const steps = stepsOf(tool, env.template);
    for (const [i, step] of steps.entries()) {
      const isRun = i === steps.length - 1;
      const argv = step.argv.map((a) => mapPath(a, dir, env.mirror));
      const r = await runProcess(argv, {
        cwd: dir,
        env: plainEnv(dir, { ...step.env, ...extra }),
        stdin: isRun ? prog.stdin : '',
      });
      if (r.code !== 0) {
        const what = isRun ? 'run' : 'compile';
        return {
          ms: performance.now() - t0,
          error: `bare ${what} exited ${r.code ?? r.signal}: ${r.stderr.slice(0, 300)}`,
        };
      }
      if (isRun && r.stdout !== prog.expected) {
        return { ms: performance.now() - t0, error: `bare output ${JSON.stringify(r.stdout.slice(0, 100))}` };
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return { ms: performance.now() - t0 };
}
