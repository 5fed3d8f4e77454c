/** p50/p99 and extremes of a set of durations, as the benchmark reports them. */
export interface TimingSummary {
  runs: number;
  p50Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
}

/**
 * The nearest-rank percentile: the smallest sample with at least p% of the samples at or below
 * it. Always a value that was measured, so 20 runs give a p99 that is simply the slowest run.
 */
export function nearestRank(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error("no samples");
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1];
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

export function summarize(samplesMs: readonly number[]): TimingSummary {
  return {
    runs: samplesMs.length,
    p50Ms: round1(nearestRank(samplesMs, 50)),
    p99Ms: round1(nearestRank(samplesMs, 99)),
    minMs: round1(Math.min(...samplesMs)),
    maxMs: round1(Math.max(...samplesMs)),
  };
}
