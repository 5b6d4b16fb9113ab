import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_WINDOW_MS,
  ChunkLoadError,
  type ChunkRecovery,
  CssChunkLoadError,
  defaultChunkRecovery,
  entryScriptOf,
  loadChunk,
} from './lazy-import';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  sessionStorage.clear();
});

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function recovery(over: Partial<ChunkRecovery> = {}): ChunkRecovery & { reload: ReturnType<typeof vi.fn> } {
  return {
    retryDelaysMs: [],
    isNewDeploy: async () => false,
    storage: memoryStorage(),
    now: () => 1_000_000,
    ...over,
    reload: vi.fn(),
  } as ChunkRecovery & { reload: ReturnType<typeof vi.fn> };
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk('ok', () => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
  });

  it('turns a failed script chunk into "Loading chunk {id} failed" with a type', async () => {
    const err = await loadChunk('dashboard', gone, CHUNK_LOAD_TIMEOUT_MS, recovery()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).message).toBe('Loading chunk dashboard failed');
    expect((err as ChunkLoadError).type).toBe('missing');
  });

  it('turns a failed style chunk into "Loading CSS chunk {id} failed" with code CSS_CHUNK_LOAD_FAILED', async () => {
    const err = await loadChunk(
      'progress-chart',
      () => Promise.reject(new Error('Unable to preload CSS for /assets/progress-chart.css')),
      CHUNK_LOAD_TIMEOUT_MS,
      recovery(),
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

describe('a chunk that fails to load (issue 8, finding 2)', () => {
  it('is retried before anything else happens', async () => {
    const factory = vi.fn().mockImplementationOnce(gone).mockImplementationOnce(gone).mockResolvedValue({ ok: 1 });
    const r = recovery({ retryDelaysMs: [1, 1] });
    await expect(loadChunk('roles', factory, CHUNK_LOAD_TIMEOUT_MS, r)).resolves.toEqual({ ok: 1 });
    expect(factory).toHaveBeenCalledTimes(3);
    expect(r.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a new deploy removed it, instead of the error page', async () => {
    const r = recovery({ retryDelaysMs: [1], isNewDeploy: async () => true });
    let outcome = 'pending';
    void loadChunk('roles', gone, CHUNK_LOAD_TIMEOUT_MS, r).then(
      () => (outcome = 'loaded'),
      () => (outcome = 'failed'),
    );
    await vi.waitFor(() => expect(r.reload).toHaveBeenCalledTimes(1));
    await new Promise((res) => setTimeout(res, 20));
    // The loader stays until the page goes away: no error, so no error page and no logout.
    expect(outcome).toBe('pending');
  });

  it('after that reload, a chunk still missing takes the spec error path (no reload loop)', async () => {
    const storage = memoryStorage();
    const first = recovery({ isNewDeploy: async () => true, storage });
    void loadChunk('roles', gone, CHUNK_LOAD_TIMEOUT_MS, first).catch(() => {});
    await vi.waitFor(() => expect(first.reload).toHaveBeenCalledTimes(1));

    const second = recovery({ isNewDeploy: async () => true, storage, now: () => 1_000_000 + 5_000 });
    const err = await loadChunk('roles', gone, CHUNK_LOAD_TIMEOUT_MS, second).catch((e: unknown) => e);
    expect(second.reload).not.toHaveBeenCalled();
    expect((err as ChunkLoadError).message).toBe('Loading chunk roles failed');

    const later = recovery({
      isNewDeploy: async () => true,
      storage,
      now: () => 1_000_000 + CHUNK_RELOAD_WINDOW_MS + 1,
    });
    void loadChunk('roles', gone, CHUNK_LOAD_TIMEOUT_MS, later).catch(() => {});
    await vi.waitFor(() => expect(later.reload).toHaveBeenCalledTimes(1));
  });

  it('with the same build still served (the network is down), it is the spec error, no reload', async () => {
    const r = recovery({ retryDelaysMs: [1], isNewDeploy: async () => false });
    const err = await loadChunk('roles', gone, CHUNK_LOAD_TIMEOUT_MS, r).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(r.reload).not.toHaveBeenCalled();
  });

  it('tells a new deploy by the entry script the server now serves', async () => {
    expect(entryScriptOf('<script type="module" crossorigin src="/assets/index-abc.js"></script>')).toBe(
      '/assets/index-abc.js',
    );
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('src', '/assets/index-old.js');
    document.head.append(script);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(new Response('<script type="module" crossorigin src="/assets/index-new.js">'));
    expect(await defaultChunkRecovery.isNewDeploy()).toBe(true);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-store' });
    fetchMock.mockResolvedValueOnce(new Response('<script type="module" crossorigin src="/assets/index-old.js">'));
    expect(await defaultChunkRecovery.isNewDeploy()).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await defaultChunkRecovery.isNewDeploy()).toBe(false);
  });
});
