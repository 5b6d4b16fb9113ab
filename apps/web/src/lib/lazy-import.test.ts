import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, CssChunkLoadError, loadChunk } from './lazy-import';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk('ok', () => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
  });

  it('turns a failed script chunk into "Loading chunk {id} failed" with a type', async () => {
    const err = await loadChunk('dashboard', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).message).toBe('Loading chunk dashboard failed');
    expect((err as ChunkLoadError).type).toBe('missing');
  });

  it('turns a failed style chunk into "Loading CSS chunk {id} failed" with code CSS_CHUNK_LOAD_FAILED', async () => {
    const err = await loadChunk('progress-chart', () =>
      Promise.reject(new Error('Unable to preload CSS for /assets/progress-chart.css')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CssChunkLoadError);
    expect((err as CssChunkLoadError).message).toBe('Loading CSS chunk progress-chart failed');
    expect((err as CssChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  it('times out after 120000 ms', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk('slow', () => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    const err = await pending;
    expect((err as ChunkLoadError).message).toBe('Loading chunk slow failed');
    expect((err as ChunkLoadError).type).toBe('timeout');
  });
});
