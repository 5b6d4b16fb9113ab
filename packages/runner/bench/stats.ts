export type Summary = { n: number; p50: number; p99: number; mean: number; min: number; max: number };

/** Nearest-rank percentile of sorted values; with fewer than 100 samples p99 is the maximum. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return {
    n,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: n ? sorted.reduce((s, v) => s + v, 0) / n : Number.NaN,
    min: n ? sorted[0] : Number.NaN,
    max: n ? sorted[n - 1] : Number.NaN,
  };
}

export const round1 = (v: number) => Math.round(v * 10) / 10;

/** The same summary rounded to 0.1 (for the JSON file). */
export function rounded(s: Summary): Summary {
  return {
    n: s.n,
    p50: round1(s.p50),
    p99: round1(s.p99),
    mean: round1(s.mean),
    min: round1(s.min),
    max: round1(s.max),
  };
}
export const round3 = (v: number) => Math.round(v * 1000) / 1000;
