import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const server = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start (issue 18, finding 19)', () => {
  it('prints the start banner last: every line the start logs comes before it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: server,
      // Every address (a log line each), a small demo seed, no jobs: only the start's own lines.
      env: {
        ...process.env,
        DEMO: 'true',
        SEED_LEARNERS: '5',
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        JOBS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
        const wait = setInterval(() => {
          if (!out.includes('COLLEGE_ADMIN')) return;
          clearInterval(wait);
          resolve();
        }, 50);
      });
      // Anything logged late would arrive in this time.
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      child.kill('SIGKILL');
    }
    const lines = out.split('\n');
    const banner = lines.findIndex((l) => l.startsWith('Cohort Admin is running at'));
    expect(banner).toBeGreaterThan(0);
    expect(lines.slice(0, banner).some((l) => l.includes('Server listening at'))).toBe(true);
    expect(lines.slice(banner).filter((l) => l.startsWith('{'))).toEqual([]);
  }, 120_000);
});
