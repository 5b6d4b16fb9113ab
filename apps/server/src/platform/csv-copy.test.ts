import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  boundaryKeySql,
  copyCsvParallel,
  crlfLineEnds,
  inlineParams,
  type ParallelCopyPlan,
  sqlLiteral,
} from './csv-copy';

/** Runs the line-end rewrite over `text` cut into the given pieces (chunk boundaries anywhere). */
function rewrite(text: string, cuts: number[]): string {
  const crlf = crlfLineEnds();
  const bytes = Buffer.from(text);
  const points = [0, ...cuts, bytes.length];
  return Buffer.concat(points.slice(1).map((end, i) => crlf(bytes.subarray(points[i], end)))).toString();
}

describe('PostgreSQL CSV lines become RFC 4180 lines', () => {
  const copied = 'id,title\n1,plain\n2,"two\nlines"\n3,"say ""hi""\n, ok"\n4,\n';
  const rfc = 'id,title\r\n1,plain\r\n2,"two\nlines"\r\n3,"say ""hi""\n, ok"\r\n4,\r\n';

  it('ends each line with CRLF and keeps a line break inside a quoted cell', () => {
    expect(rewrite(copied, [])).toBe(rfc);
  });

  it('whatever the chunks: cut inside quotes, between doubled quotes, at a line end', () => {
    for (let cut = 1; cut < copied.length; cut++) {
      expect(rewrite(copied, [cut]), `cut at ${cut}`).toBe(rfc);
    }
    expect(rewrite(copied, [5, 6, 7, 20, 21, 30, 31, 32])).toBe(rfc);
  });

  it('matches a byte-by-byte rewrite on random files cut at random points, UTF-8 included', () => {
    // The plain reading of the rule: outside quotes an LF becomes CRLF; a quote toggles.
    const reference = (text: string) => {
      let out = '';
      let quoted = false;
      for (const c of text) {
        if (c === '"') quoted = !quoted;
        out += c === '\n' && !quoted ? '\r\n' : c;
      }
      return out;
    };
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const cell = () => {
      const kind = random(6);
      if (kind === 0) return '"a ""quoted"" one, with a comma"';
      if (kind === 1) return '"two\nlines"';
      if (kind === 2) return 'ünïcödé ✓';
      if (kind === 3) return '';
      return String(random(100000));
    };
    for (let file = 0; file < 200; file++) {
      const lines = Array.from({ length: 1 + random(30) }, () => Array.from({ length: 1 + random(5) }, cell).join(','));
      const text = `${lines.join('\n')}\n`;
      const size = Buffer.byteLength(text);
      const cuts = [...new Set(Array.from({ length: random(6) }, () => 1 + random(size - 1)))].sort((a, b) => a - b);
      expect(rewrite(text, cuts), `file ${file}, cuts ${cuts}`).toBe(reference(text));
    }
  });

  it('leaves a chunk without line ends as it is', () => {
    expect(rewrite('no line end here', [])).toBe('no line end here');
  });
});

describe('values written into COPY’s text (it takes no parameters)', () => {
  it('quotes text with its quotes doubled, and leaves backslashes as they are', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral("'); drop table users; --")).toBe("'''); drop table users; --'");
    expect(sqlLiteral('%a\\_b%')).toBe("'%a\\_b%'");
  });

  it('writes numbers, booleans, null and dates as literals, and refuses what has no literal', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(true)).toBe('TRUE');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(new Date('2026-01-02T03:04:05.678Z'))).toBe("'2026-01-02T03:04:05.678Z'::timestamptz");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral('a\u0000b')).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
  });

  it('replaces each $n once, $10 not as $1 followed by 0, and a value that looks like $2 stays text', () => {
    const params = ['$2', 'b', 3, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(inlineParams('a = $1 and b = $2 and j = $10', params)).toBe("a = '$2' and b = 'b' and j = 'ten'");
    expect(() => inlineParams('x = $3', [1])).toThrow();
  });
});

describe.runIf(process.env.DATABASE_URL)('copyCsvParallel on PostgreSQL', () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  afterAll(() => pool.end());
  // 1..N split where a sample of every tenth number says; a part may be made to fail.
  const plan = (n: number, failing?: number): ParallelCopyPlan => {
    let made = 0;
    return {
      table: 'pg_class',
      sample: () => `select g::text as k, 'integer' as t, g as id from generate_series(10, ${n}, 10) g order by g`,
      part: (lower, upper) => {
        const from = lower ? `${boundaryKeySql(lower)} + 1` : '1';
        const to = upper ? boundaryKeySql(upper) : String(n);
        const div = made++ === failing ? '0' : '1';
        return `select g, 'row ' || g || E'\\nline two', g / ${div} from generate_series(${from}, ${to}) g`;
      },
    };
  };
  const expected = (n: number) =>
    Array.from({ length: n }, (_, i) => `${i + 1},"row ${i + 1}\nline two",${i + 1}\r\n`).join('');

  it('writes the parts in order, whatever connection finished first, within its memory bound', async () => {
    let parts = 0;
    let body = '';
    for await (const c of copyCsvParallel(pool, plan(5000), {
      workers: 3,
      partRows: 20,
      aheadBytes: 512,
      onSplit: (p) => (parts = p),
    })) {
      body += c.toString();
      // A slow client: the parts ahead wait for room instead of piling up.
      if (Math.random() < 0.05) await new Promise((r) => setTimeout(r, 1));
    }
    expect(parts).toBeGreaterThan(20);
    expect(body).toBe(expected(5000));
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('a part that fails fails the export, and every connection comes back', async () => {
    const read = async () => {
      for await (const _ of copyCsvParallel(pool, plan(5000, 7), { workers: 3, partRows: 20 })) {
      }
    };
    await expect(read()).rejects.toThrow(/division by zero/);
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('an export given up on closes its connections at once', async () => {
    for (let i = 0; i < 5; i++) {
      const rows = copyCsvParallel(pool, plan(50_000), { workers: 3, partRows: 1000, aheadBytes: 1024 });
      await rows.next();
      await rows.return(undefined);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect((await pool.query('select 2 as two')).rows[0].two).toBe(2);
  });
});
