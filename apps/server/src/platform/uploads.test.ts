import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepIncoming } from './uploads';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('received uploads left behind', () => {
  it('are removed once older than an hour; newer ones (another process may be receiving them) and other files stay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-incoming-'));
    dirs.push(dir);
    const now = Date.now();
    const write = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'x');
      const at = new Date(now - ageMs);
      fs.utimesSync(file, at, at);
    };
    write('stale.upload', 2 * 3_600_000);
    write('fresh.upload', 60_000);
    write('notes.txt', 5 * 3_600_000);
    expect(await sweepIncoming(dir, 3_600_000, now)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['fresh.upload', 'notes.txt']);
  });

  it('a directory not made yet is nothing to clear', async () => {
    expect(await sweepIncoming(path.join(os.tmpdir(), 'cohort-never-made-incoming'))).toBe(0);
  });
});
