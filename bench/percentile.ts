/** The value at `fraction` (0.99 for p99) of ascending `sorted` values; 0 when there are none. */
export const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0)
    : 0;
