import type { ByteRange } from './storage';

/**
 * The one range of a `Range: bytes=...` header over a file of `size` bytes (RFC 9110 §14):
 * `a-b`, `a-` (to the end), `-n` (the last n bytes). Null when there is no header or it is not
 * a single byte range (the whole file is answered then, as the RFC allows); 'unsatisfiable'
 * when the range starts past the end (a 416 naming the size).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
