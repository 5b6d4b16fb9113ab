import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * CSV exports read with one `COPY (SELECT …) TO STDOUT (FORMAT csv)` on PostgreSQL
 * (decision 021): the database writes and quotes the cells in C, the bytes go to the client
 * as they come, with backpressure, and the one statement reads one snapshot.
 */

/** The node-postgres pool behind a drizzle database, or undefined (PGlite). */
export function poolOf(db: unknown): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * A parameter as a SQL literal. COPY takes no bind parameters, so the query's values are
 * written into its text: text quoted with its quotes doubled (the session has
 * `standard_conforming_strings` on, so a backslash is just a backslash), numbers only when
 * finite, dates as ISO timestamps. Anything else is refused (the caller keeps the paged path).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('not a finite number');
    return String(value);
  }
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('NUL in text');
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`cannot write a ${typeof value} as a literal`);
}

/** `$1`, `$2`… of a query's text replaced by their values as literals, in one pass. */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`no parameter $${n}`);
    return sqlLiteral(params[i]);
  });
}

/**
 * Settings for an export's transaction only (SET LOCAL): literals as written, dates as ISO (a
 * date's cell is its text, as `csvCell` writes it), and no JIT (compiling the long cell
 * expressions costs more than it saves).
 */
const BEGIN_EXPORT =
  "SET LOCAL standard_conforming_strings = on; SET LOCAL datestyle = 'ISO, YMD'; SET LOCAL jit = off";

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * PostgreSQL ends CSV lines with LF; RFC 4180 with CRLF. Each LF outside a quoted cell (a line
 * end) becomes CRLF; an LF inside one (a cell's own line break) stays. Quotes only appear in
 * quoted cells (opening, doubled, closing), so counting them tells inside from outside, and the
 * count carries over from one chunk to the next.
 *
 * Quoted cells are few (only a cell with a comma, a quote or a line break is quoted), so the
 * quotes are found first: when no LF lies between an opening and a closing one, every LF in the
 * chunk is a line end and all of them are rewritten at once (as Latin-1 text, one byte a
 * character, so any bytes go through unchanged); otherwise the chunk is walked line by line.
 */
export function crlfLineEnds(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    let inside = quoted;
    let opened = 0;
    let lfInside = false;
    for (let q = chunk.indexOf(QUOTE); q >= 0; q = chunk.indexOf(QUOTE, q + 1)) {
      if (inside && !lfInside) {
        const lf = chunk.indexOf(LF, opened);
        lfInside = lf >= 0 && lf < q;
      }
      inside = !inside;
      opened = q;
    }
    if (inside && !lfInside) lfInside = chunk.indexOf(LF, opened) >= 0;
    if (lfInside) return walkLines(chunk, quoted, (q) => (quoted = q));
    quoted = inside;
    if (chunk.indexOf(LF) < 0) return chunk;
    return Buffer.from(chunk.toString('latin1').replaceAll('\n', '\r\n'), 'latin1');
  };
}

/** The line-by-line rewrite, for a chunk with a line break inside a quoted cell. */
function walkLines(chunk: Buffer, startQuoted: boolean, done: (quoted: boolean) => void): Buffer {
  let quoted = startQuoted;
  const parts: Buffer[] = [];
  let copied = 0;
  let at = 0;
  let nextQuote = chunk.indexOf(QUOTE, 0);
  let nextLf = chunk.indexOf(LF, 0);
  for (;;) {
    if (quoted) {
      if (nextQuote < 0) break;
      quoted = false;
      at = nextQuote + 1;
      nextQuote = chunk.indexOf(QUOTE, at);
      continue;
    }
    if (nextLf >= 0 && nextLf < at) nextLf = chunk.indexOf(LF, at);
    if (nextQuote >= 0 && (nextLf < 0 || nextQuote < nextLf)) {
      quoted = true;
      at = nextQuote + 1;
      nextQuote = chunk.indexOf(QUOTE, at);
      continue;
    }
    if (nextLf < 0) break;
    parts.push(chunk.subarray(copied, nextLf), CRLF);
    copied = at = nextLf + 1;
    nextLf = chunk.indexOf(LF, at);
  }
  done(quoted);
  if (!parts.length) return chunk;
  parts.push(chunk.subarray(copied));
  return Buffer.concat(parts);
}

/**
 * The rows of `select` as RFC 4180 CSV (no header), streamed from a pooled connection of its
 * own. The first chunk comes only once the database has started answering, so a query that
 * fails at once fails before anything is sent. An export given up on (the generator returned
 * early) closes its connection instead of reading the rest.
 */
export async function* copyCsv(pool: pg.Pool, select: string): AsyncGenerator<Buffer> {
  const conn = await pool.connect();
  let finished = false;
  try {
    await conn.query(`BEGIN READ ONLY; ${BEGIN_EXPORT}`);
    const stream = conn.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT csv)`));
    const crlf = crlfLineEnds();
    for await (const chunk of stream) yield crlf(chunk as Buffer);
    await conn.query('COMMIT');
    finished = true;
  } finally {
    // A connection left in the middle of a COPY (or a failed one) is closed, never reused.
    conn.release(finished ? undefined : new Error('CSV export ended early'));
  }
}

/**
 * Where one part of a parallel export ends and the next begins: the last row of the part, by
 * its sort key as the database writes it (`key::text`, exact, whatever the type: a timestamp
 * keeps its microseconds) with the key's type to read it back, and its id.
 */
export type CopyBoundary = { key: string | null; type: string; id: number };

/** An export that may be split by ranges of its sort key (decision 023). */
export type ParallelCopyPlan = {
  /** The table's name: its row estimate sizes the sample. */
  table: string;
  /**
   * Rows `(k text, t text, id)` of a sample of `percent` % of the table's pages that match the
   * export's filters, in the export's order: where the parts begin and end.
   */
  sample: (percent: number) => string;
  /** The export's SELECT for the rows after `lower` up to and including `upper` (absent: the start, the end). */
  part: (lower: CopyBoundary | undefined, upper: CopyBoundary | undefined) => string;
};

export type ParallelCopyOptions = {
  /** Connections working at once, the first of them the one holding the snapshot (default 2). */
  workers?: number;
  /** About how many rows a part holds (default 10,000). */
  partRows?: number;
  /**
   * Bytes parts ahead of the one being sent may hold in memory, all together (default 2 MiB:
   * 8 MiB read no faster on the bench and held the server's peak memory up to ~40 MB higher).
   */
  aheadBytes?: number;
  /** Told how many parts the export was split into (tests, logs). */
  onSplit?: (parts: number) => void;
};

/** How many sampled rows the split is drawn from (more: parts closer to equal). */
const SAMPLE_ROWS = 4000;
/** The part being sent holds at most this much before its connection waits for the client. */
const LIVE_BYTES = 1 << 20;
const MAX_PARTS = 200;

/** A boundary as SQL: its key read back from its text as its own type (the type is the database's own `pg_typeof`). */
export function boundaryKeySql(b: CopyBoundary): string {
  if (b.key === null) return 'NULL';
  if (typeof b.type !== 'string' || !/^[a-z][a-z0-9 _()]*$/i.test(b.type))
    throw new Error(`unexpected key type ${b.type}`);
  return `${sqlLiteral(b.key)}::${b.type}`;
}

/**
 * The rows of an export as RFC 4180 CSV (no header), written by several connections at once
 * and sent in order (decision 023). The first connection opens a REPEATABLE READ transaction
 * and exports its snapshot; the others import it (`SET TRANSACTION SNAPSHOT`), so every part
 * reads the same data, as one statement would. A sample of the matching rows, read in that
 * snapshot, splits the sort order into parts of about `partRows` rows; each connection takes the
 * next part not yet taken and COPYs it. The part being sent streams as it comes; parts read
 * ahead wait in memory, at most `aheadBytes` of them all together, after which their
 * connections wait (PostgreSQL blocks on its socket). A sample too small to split gives one part.
 */
export async function* copyCsvParallel(
  pool: pg.Pool,
  plan: ParallelCopyPlan,
  options: ParallelCopyOptions = {},
): AsyncGenerator<Buffer> {
  const workers = Math.max(1, options.workers ?? 2);
  const partRows = Math.max(1, options.partRows ?? 10_000);
  const aheadBytes = options.aheadBytes ?? 2 << 20;
  const conns: pg.PoolClient[] = [];
  let finished = false;
  let failure: unknown;
  let stopped = false;
  const waiting: (() => void)[] = [];
  let wakeReader: (() => void) | undefined;
  const wakeAll = () => {
    for (const w of waiting.splice(0)) w();
    wakeReader?.();
    wakeReader = undefined;
  };
  let tasks: Promise<void>[] = [];
  try {
    const leader = await pool.connect();
    conns.push(leader);
    await leader.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; ${BEGIN_EXPORT}`);
    const snapshot = (await leader.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0].s;
    const estimate = (
      await leader.query<{ n: number }>(
        'SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass',
        [plan.table],
      )
    ).rows[0]?.n;
    const percent = Math.min(100, Math.max(0.01, estimate ? (100 * SAMPLE_ROWS) / estimate : 100));
    const sample = (await leader.query<{ k: string | null; t: string; id: number }>(plan.sample(percent))).rows;
    // Matching rows, estimated from the sample: how many parts, and where each ends.
    const matches = (sample.length * 100) / percent;
    const count = Math.min(MAX_PARTS, sample.length, Math.max(1, Math.round(matches / partRows)));
    const ends: CopyBoundary[] = [];
    for (let j = 1; j < count; j++) {
      const r = sample[Math.floor((j * sample.length) / count)];
      const last = ends[ends.length - 1];
      if (!last || last.id !== r.id) ends.push({ key: r.k, type: r.t, id: r.id });
    }
    const parts = [undefined, ...ends].map((lower, j) => plan.part(lower, ends[j]));
    options.onSplit?.(parts.length);
    type Part = { chunks: Buffer[]; bytes: number; done: boolean };
    const slots: Part[] = parts.map(() => ({ chunks: [], bytes: 0, done: false }));
    let sending = 0;
    let ahead = 0;
    let next = 0;
    const work = async (conn: pg.PoolClient) => {
      for (;;) {
        const i = next++;
        if (i >= parts.length || stopped) return;
        const slot = slots[i];
        const crlf = crlfLineEnds();
        for await (const data of conn.query(copyTo(`COPY (${parts[i]}) TO STDOUT (FORMAT csv)`))) {
          if (stopped) return;
          const chunk = crlf(data as Buffer);
          slot.chunks.push(chunk);
          slot.bytes += chunk.length;
          if (i !== sending) ahead += chunk.length;
          wakeReader?.();
          wakeReader = undefined;
          // The part being sent waits for the client; parts ahead wait for room.
          while (!stopped && (i === sending ? slot.bytes > LIVE_BYTES : ahead > aheadBytes)) {
            await new Promise<void>((resolve) => waiting.push(resolve));
          }
        }
        slot.done = true;
        wakeReader?.();
        wakeReader = undefined;
      }
    };
    // Helpers only from connections the pool has to spare now, one always left for other
    // requests: an export never waits for a connection, nor makes a page wait for one.
    const spare = pool.idleCount + ((pool.options.max ?? 10) - pool.totalCount) - 1;
    const helpers = Math.min(workers, parts.length) - 1;
    tasks = [work(leader)];
    for (let w = 0; w < Math.min(helpers, spare); w++) {
      tasks.push(
        (async () => {
          const conn = await pool.connect();
          if (stopped) {
            conn.release();
            return;
          }
          conns.push(conn);
          await conn.query(
            `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET TRANSACTION SNAPSHOT ${sqlLiteral(snapshot)}; ${BEGIN_EXPORT}`,
          );
          await work(conn);
        })(),
      );
    }
    tasks = tasks.map((t) =>
      t.catch((err) => {
        failure ??= err;
        wakeAll();
      }),
    );
    for (let i = 0; i < slots.length; i++) {
      sending = i;
      const slot = slots[i];
      // The part now being sent no longer counts as ahead.
      ahead -= slot.bytes;
      wakeAll();
      for (;;) {
        if (failure) throw failure;
        if (slot.chunks.length) {
          const chunks = slot.chunks.splice(0);
          slot.bytes = 0;
          wakeAll();
          for (const c of chunks) yield c;
          continue;
        }
        if (slot.done) break;
        await new Promise<void>((resolve) => {
          wakeReader = resolve;
        });
      }
    }
    await Promise.all(tasks);
    if (failure) throw failure;
    for (const conn of conns) await conn.query('COMMIT');
    finished = true;
  } finally {
    stopped = true;
    wakeAll();
    // Connections left in the middle of a COPY (or failed) are closed, never reused.
    for (const conn of conns) conn.release(finished ? undefined : new Error('CSV export ended early'));
    await Promise.allSettled(tasks);
  }
}
