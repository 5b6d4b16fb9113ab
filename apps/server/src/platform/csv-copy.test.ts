import { describe, expect, it } from 'vitest';
import { crlfLineEnds, inlineParams, sqlLiteral } from './csv-copy';

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
