/**
 * Upper bounds (ms) of the response-time histogram kept in rollups: 16 buckets, the last open.
 * Percentiles over long ranges are read from these buckets, so they are estimates.
 */
export const HISTOGRAM_BOUNDS_MS = [
  10,
  25,
  50,
  100,
  150,
  200,
  300,
  500,
  750,
  1000,
  1500,
  2000,
  3000,
  5000,
  10_000,
  Infinity,
] as const;

/** The bucket a response time falls into. */
export function histogramBucket(ms: number): number {
  const index = HISTOGRAM_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? HISTOGRAM_BOUNDS_MS.length - 1 : index;
}

/**
 * The `fraction` percentile (0.95 for p95) of a histogram, interpolated inside its bucket; the
 * open last bucket reports its lower bound. Null for an empty histogram.
 */
export function histogramPercentile(counts: readonly number[], fraction: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = fraction * total;
  let seen = 0;
  for (let index = 0; index < counts.length; index++) {
    const count = counts[index] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = index === 0 ? 0 : HISTOGRAM_BOUNDS_MS[index - 1]!;
      const upper = HISTOGRAM_BOUNDS_MS[index]!;
      if (upper === Infinity) return lower;
      return Math.round(lower + ((rank - seen) / count) * (upper - lower));
    }
    seen += count;
  }
  return HISTOGRAM_BOUNDS_MS[HISTOGRAM_BOUNDS_MS.length - 2]!;
}

/** The exact `fraction` percentile of raw values (nearest rank). Null when there are none. */
export function exactPercentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}
