import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Spec §9: script and style chunks time out after 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkErrorType = 'missing' | 'timeout';

/** A script chunk failed: "Loading chunk {id} failed", with a `type`. */
export class ChunkLoadError extends Error {
  readonly type: ChunkErrorType;
  readonly request: string;
  constructor(id: string, type: ChunkErrorType, cause?: unknown) {
    super(`Loading chunk ${id} failed`, { cause });
    this.name = 'ChunkLoadError';
    this.type = type;
    this.request = id;
  }
}

/** A style chunk failed: "Loading CSS chunk {id} failed", code CSS_CHUNK_LOAD_FAILED. */
export class CssChunkLoadError extends Error {
  readonly code = 'CSS_CHUNK_LOAD_FAILED';
  readonly type: ChunkErrorType;
  readonly request: string;
  constructor(id: string, type: ChunkErrorType, cause?: unknown) {
    super(`Loading CSS chunk ${id} failed`, { cause });
    this.name = 'CssChunkLoadError';
    this.type = type;
    this.request = id;
  }
}

/** Vite reports a failed stylesheet preload as "Unable to preload CSS for ...". */
function isCssFailure(err: unknown): boolean {
  return err instanceof Error && /preload CSS|\.css/i.test(err.message);
}

/** How a failed chunk is recovered before the spec's error path: retries, then one reload on a new deploy. */
export type ChunkRecovery = {
  /** Waits before each retry (ms); its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** True when the server now serves another build than the one running (old hashed chunks are gone). */
  isNewDeploy: () => Promise<boolean>;
  /** Reloads the page at the current url. */
  reload: () => void;
  /** Survives the reload (sessionStorage: logout clears local storage, not this). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
};

/** A reload for a new deploy is tried once per this window, so a broken build cannot loop. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
const RELOAD_KEY = 'chunk-reload-at';

/** The entry script of a page's html (`/assets/index-<hash>.js`). */
export function entryScriptOf(html: string): string | null {
  return /<script[^>]+type="module"[^>]+src="([^"]+)"/i.exec(html)?.[1] ?? null;
}

async function serverServesAnotherBuild(): Promise<boolean> {
  const running = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  if (!running) return false;
  try {
    const res = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!res.ok) return false;
    const served = entryScriptOf(await res.text());
    return served !== null && served !== running;
  } catch {
    return false;
  }
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const defaultChunkRecovery: ChunkRecovery = {
  retryDelaysMs: [300, 1200],
  isNewDeploy: serverServesAnotherBuild,
  reload: () => window.location.reload(),
  storage: sessionStore(),
  now: () => Date.now(),
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when a reload may be tried now (none in the last window), and records it. */
function claimReload(recovery: ChunkRecovery): boolean {
  const last = Number(recovery.storage?.getItem(RELOAD_KEY) ?? 0);
  if (last && recovery.now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
  recovery.storage?.setItem(RELOAD_KEY, String(recovery.now()));
  return true;
}

/**
 * Loads a chunk with the spec's timeout. A failure is retried; when the retries fail too and
 * the server serves a newer build (a deploy removed the old hashed chunks), the page reloads
 * once at the same url. Only then is the failure the spec's chunk error (and the error page).
 */
export function loadChunk<T>(
  id: string,
  factory: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  recovery: ChunkRecovery = defaultChunkRecovery,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new ChunkLoadError(id, 'timeout'));
    }, timeoutMs);
    const fail = (err: unknown) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      reject(isCssFailure(err) ? new CssChunkLoadError(id, 'missing', err) : new ChunkLoadError(id, 'missing', err));
    };
    const attempt = async (): Promise<void> => {
      let lastError: unknown;
      for (let i = 0; i <= recovery.retryDelaysMs.length; i += 1) {
        if (settled) return;
        if (i > 0) await wait(recovery.retryDelaysMs[i - 1]);
        try {
          const mod = await factory();
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            resolve(mod);
          }
          return;
        } catch (err) {
          lastError = err;
        }
      }
      if (!settled && (await recovery.isNewDeploy()) && claimReload(recovery)) {
        // The page goes away; the loader stays up until it does.
        clearTimeout(timer);
        settled = true;
        recovery.reload();
        return;
      }
      fail(lastError);
    };
    void attempt();
  });
}

/** React.lazy over a named export, going through `loadChunk`. */
export function lazyImport<M, K extends keyof M>(
  id: string,
  factory: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    const mod = await loadChunk(id, factory);
    return { default: mod[name] as never };
  });
}
