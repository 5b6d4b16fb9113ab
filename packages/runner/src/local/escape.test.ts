import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../batch';
import { STATUS, type SubmissionRequest, type SubmissionResult } from '../types';
import { createLocalBackend } from './local-backend';
import { SANDBOX_UID } from './sandbox';

/**
 * Code written by strangers tries to get out. Each attempt must be stopped and reported,
 * and the server (this process) must stay healthy: it keeps answering, and no process of
 * the sandbox user survives a run.
 */
const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-escape-'));
fs.chmodSync(workRoot, 0o711); // the sandbox user must be able to reach its work dir inside
const backend = createLocalBackend({ concurrency: 2, workRoot });
const run = async (req: SubmissionRequest): Promise<SubmissionResult> =>
  waitFor(backend, (await backend.submit(req)).token, 25);
const py = (source_code: string, extra: Partial<SubmissionRequest> = {}) =>
  run({ language_id: 71, source_code, ...extra });
const c = (source_code: string, extra: Partial<SubmissionRequest> = {}) =>
  run({ language_id: 50, source_code, ...extra });

let server: net.Server;
let port: number;
let outsideAddress: string | undefined;
let secretDir: string;
const accepted: string[] = [];

/**
 * Live processes of the sandbox user. Zombies are left out: bwrap's outer process exits
 * without reaping its pid-1 helper, which the host's init reaps a moment later; a zombie
 * has already released everything but its pid. Waits up to 3 s for the list to empty.
 */
async function sandboxProcessesSettled(): Promise<string> {
  let left = sandboxProcesses();
  for (let i = 0; i < 30 && left; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = sandboxProcesses();
  }
  return left;
}

function sandboxProcesses(): string {
  return execFileSync('/usr/bin/ps', ['-e', '-o', 'user=,uid=,stat=,pid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => {
      const [, uid, stat] = line.trim().split(/\s+/);
      return uid === String(SANDBOX_UID) && !stat?.startsWith('Z');
    })
    .join('\n');
}

beforeAll(async () => {
  // Stands in for the API: reachable from this process on loopback and on the machine's own address.
  server = net.createServer((s) => {
    accepted.push(String(s.remoteAddress));
    s.on('error', () => {});
    s.end('hello');
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as net.AddressInfo).port;
  outsideAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  // Stands in for the server's data dir and environment.
  secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-data-'));
  fs.writeFileSync(path.join(secretDir, 'secret.txt'), 'TOP-SECRET-DATA');
  fs.chmodSync(secretDir, 0o755);
  fs.chmodSync(path.join(secretDir, 'secret.txt'), 0o644);
  process.env.COHORT_TEST_SECRET = 'ENV-SECRET-VALUE';
});

afterAll(async () => {
  server.close();
  fs.rmSync(secretDir, { recursive: true, force: true });
  delete process.env.COHORT_TEST_SECRET;
  fs.rmSync(workRoot, { recursive: true, force: true });
  await backend.close();
});

describe('escape attempts', () => {
  it('a fork bomb is capped by the process limit and stopped at the time limit', async () => {
    const r = await c('#include <unistd.h>\nint main(){ for(;;) fork(); }', { cpu_time_limit: 1, wall_time_limit: 3 });
    expect(r.status).toEqual(STATUS.TIME_LIMIT_EXCEEDED);
    expect(await sandboxProcessesSettled()).toBe('');
  });

  it('an infinite loop is stopped at the CPU limit', async () => {
    const started = Date.now();
    const r = await py('while True:\n    pass', { cpu_time_limit: 1 });
    expect(r.status).toEqual(STATUS.TIME_LIMIT_EXCEEDED);
    expect(Number(r.time)).toBeGreaterThanOrEqual(0.9);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('sleeping forever is stopped at the wall-clock limit', async () => {
    const r = await py('import time\ntime.sleep(60)', { wall_time_limit: 1 });
    expect(r.status).toEqual(STATUS.TIME_LIMIT_EXCEEDED);
    expect(r.message).toBe('Wall time limit exceeded');
  });

  it('allocating 2 GB is stopped at the memory limit', async () => {
    const r = await py('b = bytearray(2 * 1024**3)\nb[::4096] = b"x" * (len(b) // 4096)\nprint("ALLOCATED", len(b))');
    expect(r.status).toEqual(STATUS.RUNTIME_ERROR_OTHER);
    expect(r.message).toBe('Memory limit exceeded');
    expect(r.stdout ?? '').not.toContain('ALLOCATED');
    expect(r.memory).toBeLessThanOrEqual(256 * 1024 + 1024);
    // In C too, with every page touched.
    const inC = await c(
      '#include <stdlib.h>\n#include <stdio.h>\nint main(){ size_t n = 2048UL*1024*1024; volatile char *p = malloc(n); if(!p) return 1; for (size_t i = 0; i < n; i += 4096) p[i] = 1; puts("ALLOCATED"); return 0; }',
    );
    expect(inC.status).toEqual(STATUS.RUNTIME_ERROR_OTHER);
    expect(inC.stdout ?? '').not.toContain('ALLOCATED');
  });

  it('writing a 1 GB file is stopped at the file-size limit (SIGXFSZ)', async () => {
    const r = await c(
      '#include <stdio.h>\n#include <string.h>\nint main(){ static char buf[1<<20]; memset(buf, 65, sizeof buf); FILE *f = fopen("big.bin", "wb"); for (int i = 0; i < 1024; i++) { if (fwrite(buf, 1, sizeof buf, f) != sizeof buf) return 2; fflush(f); } fclose(f); return 0; }',
    );
    expect(r.status).toEqual(STATUS.RUNTIME_ERROR_SIGXFSZ);
  });

  it('cannot connect to the API, to PostgreSQL, or out of the machine', async () => {
    expect(outsideAddress, 'the machine has a non-loopback address').toBeDefined();
    // The host itself can reach both addresses: the sandbox is what stops the program.
    for (const host of ['127.0.0.1', outsideAddress!]) {
      await new Promise<void>((resolve, reject) => {
        const s = net.connect(port, host, () => {
          s.destroy();
          resolve();
        });
        s.on('error', reject);
      });
    }
    await new Promise((r) => setTimeout(r, 50));
    const before = accepted.length;
    const r = await py(
      [
        'import socket',
        `targets = [("127.0.0.1", ${port}), ("127.0.0.1", 5432), ("${outsideAddress}", ${port})]`,
        'for host, port in targets:',
        '    s = socket.socket(); s.settimeout(2)',
        '    try:',
        '        s.connect((host, port)); print("CONNECTED", host, port)',
        '    except OSError as e:',
        '        print("blocked", host, port, type(e).__name__)',
      ].join('\n'),
    );
    expect(r.status).toEqual(STATUS.ACCEPTED);
    expect(r.stdout).not.toContain('CONNECTED');
    expect(r.stdout?.match(/blocked/g)).toHaveLength(3);
    expect(accepted.length).toBe(before); // nothing reached the listener from the sandbox
  });

  it("cannot read the server's environment or its processes", async () => {
    const r = await py(
      [
        'import os',
        'print(sorted(os.environ.keys()))',
        'print(len(os.listdir("/proc")))',
        'for pid in os.listdir("/proc"):',
        '    if pid.isdigit():',
        '        try:',
        '            print(open(f"/proc/{pid}/environ", "rb").read())',
        '        except OSError as e:',
        '            print("denied", pid)',
        `try:\n    print(open("/proc/${process.pid}/environ", "rb").read())\nexcept OSError as e:\n    print("no such process", type(e).__name__)`,
      ].join('\n'),
    );
    expect(r.status).toEqual(STATUS.ACCEPTED);
    expect(r.stdout).not.toContain('ENV-SECRET-VALUE');
    expect(r.stdout).not.toContain('DATABASE_URL');
    // HOME and PATH, PWD from the chdir, and LC_CTYPE that Python adds itself when the locale is C (PEP 538).
    const keys = JSON.parse(r.stdout!.split('\n')[0].replace(/'/g, '"')) as string[];
    expect(keys.filter((k) => !['HOME', 'PATH', 'PWD', 'LC_CTYPE'].includes(k))).toEqual([]);
    expect(r.stdout).toContain('no such process');
  });

  it("cannot read a file of the server's data dir, nor the code, nor write outside its work dir", async () => {
    const r = await py(
      [
        `for p in ["${secretDir}/secret.txt", "${path.resolve('package.json')}", "/etc/shadow", "/root/.bashrc"]:`,
        '    try:',
        '        print("READ", p, open(p).read()[:20])',
        '    except OSError as e:',
        '        print("denied", p, type(e).__name__)',
        'for p in ["/usr/evil", "/etc/evil", "/evil"]:',
        '    try:',
        '        open(p, "w").write("x"); print("WROTE", p)',
        '    except OSError as e:',
        '        print("refused", p, type(e).__name__)',
      ].join('\n'),
    );
    expect(r.status).toEqual(STATUS.ACCEPTED);
    expect(r.stdout).not.toContain('READ');
    expect(r.stdout).not.toContain('TOP-SECRET');
    expect(r.stdout).not.toContain('WROTE');
    expect(fs.existsSync('/usr/evil')).toBe(false);
    expect(fs.existsSync('/etc/evil')).toBe(false);
    expect(fs.existsSync('/evil')).toBe(false);
  });

  it('killing its parent, or every process it can, harms nothing outside', async () => {
    const r = await py(
      'import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\ntry:\n    os.kill(-1, signal.SIGKILL)\nexcept OSError:\n    pass\nprint("still here")',
    );
    expect(r.status.id).toBeGreaterThanOrEqual(3);
    expect(process.kill(process.pid, 0)).toBe(true);
    expect((await py('print(42)', { expected_output: '42' })).status).toEqual(STATUS.ACCEPTED);
  });

  it('a symlink planted in the work dir reaches nothing outside, and cleanup does not follow it', async () => {
    const sentinel = path.join(secretDir, 'sentinel.txt');
    fs.writeFileSync(sentinel, 'KEEP ME');
    const r = await py(
      [
        'import os',
        `os.symlink("${sentinel}", "link")`,
        `os.symlink("${secretDir}", "dirlink")`,
        'os.symlink("/", "root")',
        'try:\n    print("READ", open("link").read())\nexcept OSError as e:\n    print("dangling", type(e).__name__)',
        'try:\n    open("link", "w").write("overwritten"); print("WROTE")\nexcept OSError as e:\n    print("refused", type(e).__name__)',
        'try:\n    print(os.listdir("root/work"))\nexcept OSError as e:\n    print(type(e).__name__)',
      ].join('\n'),
    );
    expect(r.status).toEqual(STATUS.ACCEPTED);
    expect(r.stdout).not.toContain('KEEP ME');
    expect(r.stdout).not.toContain('WROTE');
    expect(fs.readFileSync(sentinel, 'utf8')).toBe('KEEP ME');
    expect(fs.existsSync(secretDir)).toBe(true);
  });

  it('printing 100 MB is cut at the output cap, flagged, and stopped', async () => {
    const started = Date.now();
    const r = await py('import sys\nchunk = "x" * 1_000_000\nfor _ in range(100):\n    sys.stdout.write(chunk)');
    expect(r.output_truncated).toBe(true);
    expect(r.message).toMatch(/Output limit exceeded/);
    expect((r.stdout ?? '').length).toBeLessThanOrEqual(1024 * 1024);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('afterwards the runner is healthy and no sandbox process is left', async () => {
    expect((await py('print("ok")', { expected_output: 'ok' })).status).toEqual(STATUS.ACCEPTED);
    expect(await sandboxProcessesSettled()).toBe('');
    expect(fs.readdirSync(workRoot)).toEqual([]);
  });
});
