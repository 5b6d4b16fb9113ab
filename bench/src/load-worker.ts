/**
 * The HTTP load generator, on its own thread so its work (sockets, response parsing)
 * does not queue on the event loop of the server it measures.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './http-load';

type Reply = { status: number; bytes: number };

function get(agent: http.Agent, job: LoadJob): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: job.host, port: job.port, path: job.path, method: 'GET', headers: job.headers, agent },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** `concurrency` loops, each with one request in flight, until `limit` requests were sent or time is up. */
async function phase(agent: http.Agent, job: LoadJob, limit: number, maxMs: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let issued = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(maxMs * 1e6));
  const loop = async () => {
    while (issued < limit && process.hrtime.bigint() < deadline) {
      issued++;
      const t0 = process.hrtime.bigint();
      const reply = await get(agent, job);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      bytes = reply.bytes;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { latencies, statuses, bytes, wallMs };
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  try {
    await phase(agent, job, job.warmup, job.warmupMaxMs);
    const m = await phase(agent, job, job.requests, job.maxMs);
    return {
      latencies: m.latencies,
      wallMs: m.wallMs,
      statuses: m.statuses,
      responseBytes: m.bytes,
      sockets: Object.values(agent.freeSockets).reduce((n, list) => n + (list?.length ?? 0), 0),
    };
  } finally {
    agent.destroy();
  }
}

const port = parentPort;
if (!port) throw new Error('load-worker.ts runs as a worker thread');
port.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => port.postMessage({ ok: true, result }),
    (err: Error) => port.postMessage({ ok: false, error: err.stack ?? String(err) }),
  );
});
