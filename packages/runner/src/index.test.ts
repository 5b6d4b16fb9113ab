import { describe, expect, it } from 'vitest';
import { createRunner, DEFAULT_LANGUAGE_ID, LANGUAGES, languageById } from './index';

describe('createRunner', () => {
  it('uses the local sandbox by default and Judge0 when JUDGE0_URL is set', async () => {
    const local = createRunner({});
    expect(local.name).toBe('local');
    const remote = createRunner({ JUDGE0_URL: 'http://127.0.0.1:2358', JUDGE0_AUTH_TOKEN: 't' });
    expect(remote.name).toBe('judge0');
    await Promise.all([local.close(), remote.close()]);
  });
});

describe('languages', () => {
  it('are the seven Judge0 ids of spec §9; 20 is not runnable', () => {
    expect(LANGUAGES.map((l) => l.id)).toEqual([50, 54, 62, 63, 71, 82, 74]);
    expect(DEFAULT_LANGUAGE_ID).toBe(20);
    expect(() => languageById(20)).toThrow(/no language chosen/);
    expect(languageById(71).name).toMatch(/Python/);
  });
});
