import pg from 'pg';
import { msSince } from './stats';

/** One query exactly as the server's driver sent it (text, parameters, and drizzle's row mode and type parsers). */
export type CapturedQuery = {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  types?: pg.CustomTypesConfig;
  /** The prepared statement's name, when the app ran it as one (the replay prepares it too). */
  name?: string;
};

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Runs `fn` while recording every query any pg.Client in this process sends: the app's
 * pool (drizzle over node-postgres) included. The recording stops when `fn` settles.
 */
export async function captureQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const queries: CapturedQuery[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') {
      queries.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first === 'object' && 'text' in first) {
      const c = first as pg.QueryConfig & { rowMode?: 'array' };
      queries.push({
        text: c.text,
        values: Array.isArray(second) ? second : (c.values ?? []),
        rowMode: c.rowMode,
        types: c.types,
        name: c.name,
      });
    }
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), queries };
  } finally {
    proto.query = original;
  }
}

export function replay(client: pg.Client, q: CapturedQuery) {
  return client.query({
    text: q.text,
    values: q.values,
    rowMode: q.rowMode,
    types: q.types,
    name: q.name,
  } as pg.QueryConfig);
}

/** First cell of the first row, whatever the row mode. */
export function firstCell(result: pg.QueryResult): unknown {
  const row = result.rows[0] as unknown;
  if (row === undefined) return undefined;
  return Array.isArray(row) ? row[0] : Object.values(row as object)[0];
}

/** Per-run times in ms: `totals` of the whole sequence, `each[k]` of query k. */
export type SqlSamples = { totals: number[]; each: number[][] };

/**
 * Runs the queries back to back (as one request does), `iterations` times or for `maxMs`,
 * after `warmup` rounds, adding the times to `into`.
 */
export async function timeSequence(
  client: pg.Client,
  queries: CapturedQuery[],
  opts: { warmup: number; iterations: number; maxMs: number },
  into: SqlSamples = { totals: [], each: queries.map(() => []) },
): Promise<SqlSamples> {
  for (let i = 0; i < opts.warmup; i++) for (const q of queries) await replay(client, q);
  const started = process.hrtime.bigint();
  for (let n = 0; n < opts.iterations && msSince(started) < opts.maxMs; n++) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < queries.length; k++) {
      const tq = process.hrtime.bigint();
      await replay(client, queries[k]);
      into.each[k].push(msSince(tq));
    }
    into.totals.push(msSince(t0));
  }
  return into;
}

/**
 * Runs the queries at the same time, query k on client k (as the API runs a list's page and
 * count on two pooled connections), `iterations` times or for `maxMs`, after `warmup` rounds:
 * `totals` is the time until all have answered, `each[k]` the time until query k has.
 */
export async function timeTogether(
  clients: pg.Client[],
  queries: CapturedQuery[],
  opts: { warmup: number; iterations: number; maxMs: number },
  into: SqlSamples = { totals: [], each: queries.map(() => []) },
): Promise<SqlSamples> {
  const once = () => Promise.all(queries.map((q, k) => replay(clients[k], q)));
  for (let i = 0; i < opts.warmup; i++) await once();
  const started = process.hrtime.bigint();
  for (let n = 0; n < opts.iterations && msSince(started) < opts.maxMs; n++) {
    const t0 = process.hrtime.bigint();
    await Promise.all(queries.map((q, k) => replay(clients[k], q).then(() => into.each[k].push(msSince(t0)))));
    into.totals.push(msSince(t0));
  }
  return into;
}

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
};

export type PlanSummary = { outline: string; executionMs: number; planningMs: number; plan: unknown };

function outline(node: PlanNode): string {
  let label = node['Node Type'];
  if (node['Index Name']) label += ` using ${node['Index Name']}`;
  else if (node['Relation Name']) label += ` on ${node['Relation Name']}`;
  if (node['Sort Method']) label += ` (${node['Sort Method']})`;
  if (node['Rows Removed by Filter']) label += ` [${node['Rows Removed by Filter']} rows filtered out]`;
  const children = (node.Plans ?? []).map(outline);
  if (children.length === 0) return label;
  return `${label} < ${children.length === 1 ? children[0] : `(${children.join(', ')})`}`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured query, with its parameters bound. */
export async function explain(client: pg.Client, q: CapturedQuery): Promise<PlanSummary> {
  const res = await client.query<{ 'QUERY PLAN': unknown }>({
    text: `explain (analyze, buffers, format json) ${q.text}`,
    values: q.values,
  });
  const [doc] = res.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
  return {
    outline: outline(doc.Plan),
    executionMs: doc['Execution Time'],
    planningMs: doc['Planning Time'],
    plan: doc.Plan,
  };
}
