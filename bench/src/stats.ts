/** Summary of a set of latencies, in milliseconds. */
export type LatencyStats = {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
};

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: ArrayLike<number>): LatencyStats {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    min: sorted.length ? sorted[0] : Number.NaN,
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** Milliseconds since an earlier `process.hrtime.bigint()`. */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
