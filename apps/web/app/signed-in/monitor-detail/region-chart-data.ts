import type { RegionLatencyView } from "@upwatch/api";

/** What the region chart says while it has nothing to draw, however many checks failed. */
export const NO_RESPONSE_TIMES =
  "Nothing to draw yet: no check in this period measured a response time.";

/**
 * Whether the region chart has a line or a dot to draw: one period with a response time is
 * enough (it shows as a dot). Checks that failed without an answer count in the table only.
 */
export function hasResponseTimes(series: RegionLatencyView["regions"]): boolean {
  return series.some((item) => item.points.some((point) => point.avg_ms !== null));
}
