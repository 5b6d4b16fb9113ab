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

/** Loads a chunk with the spec's timeout and turns any failure into the spec's chunk errors. */
export function loadChunk<T>(
  id: string,
  factory: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(id, 'timeout')), timeoutMs);
    factory().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(isCssFailure(err) ? new CssChunkLoadError(id, 'missing', err) : new ChunkLoadError(id, 'missing', err));
      },
    );
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
