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

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * PostgreSQL ends CSV lines with LF; RFC 4180 with CRLF. Each LF outside a quoted cell (a line
 * end) becomes CRLF; an LF inside one (a cell's own line break) stays. Quotes only appear in
 * quoted cells (opening, doubled, closing), so counting them tells inside from outside, and the
 * count carries over from one chunk to the next.
 */
export function crlfLineEnds(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
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
    if (!parts.length) return chunk;
    parts.push(chunk.subarray(copied));
    return Buffer.concat(parts);
  };
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
    // Settings for this export only (SET LOCAL): a plain read, dates as ISO, literals as
    // written, and no JIT (compiling the long cell expressions costs more than it saves).
    await conn.query(
      "BEGIN READ ONLY; SET LOCAL standard_conforming_strings = on; SET LOCAL datestyle = 'ISO, YMD'; SET LOCAL jit = off",
    );
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
