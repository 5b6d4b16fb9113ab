import { Worker } from 'node:worker_threads';

export type LoadJob = {
  host: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  /** Requests kept in flight at once (one keep-alive socket each). */
  concurrency: number;
  warmup: number;
  warmupMaxMs: number;
  /** Measured requests: at most this many, for at most maxMs. */
  requests: number;
  maxMs: number;
};

export type LoadResult = {
  latencies: number[];
  wallMs: number;
  statuses: Record<string, number>;
  responseBytes: number;
  /** Keep-alive sockets still open at the end: should equal the concurrency. */
  sockets: number;
};

type Reply = { ok: true; result: LoadResult } | { ok: false; error: string };

/** A load generator on a worker thread (load-worker.ts, loaded through tsx), one job at a time. */
export class LoadGenerator {
  private readonly worker: Worker;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  static async start(): Promise<LoadGenerator> {
    const entry = new URL('./load-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(code, { eval: true });
    worker.unref();
    return new LoadGenerator(worker);
  }

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => {
        this.worker.off('message', onMessage);
        reject(err);
      };
      const onMessage = (reply: Reply) => {
        this.worker.off('error', onError);
        if (reply.ok) resolve(reply.result);
        else reject(new Error(`load worker failed: ${reply.error}`));
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(job);
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}
