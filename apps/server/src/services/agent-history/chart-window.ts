import type { AgentMetricsRange } from "@upwatch/api";
import { HALF_HOUR_MS } from "./agent-sample-sql.ts";

/** How far back each chart range reaches. */
const RANGE_MS: Record<AgentMetricsRange, number> = {
  "1h": 3_600_000,
  "6h": 6 * 3_600_000,
  "24h": 24 * 3_600_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};
/** The ranges read from raw samples; the longer ones come from half-hour rollups. */
const FROM_RAW: ReadonlySet<AgentMetricsRange> = new Set(["1h", "6h", "24h"]);
/** Charts get at most about this many points; denser data is averaged into buckets. */
const MAX_POINTS = 360;

/** The span an agent chart covers, whether it reads raw samples or rollups, and its bucket. */
export interface ChartWindow {
  from: number;
  to: number;
  raw: boolean;
  bucketMs: number;
}

/** The window of a chart `range` ending at `now`. */
export function chartWindowOf(now: number, range: AgentMetricsRange): ChartWindow {
  const raw = FROM_RAW.has(range);
  return {
    from: now - RANGE_MS[range],
    to: now,
    raw,
    bucketMs: bucketOf(RANGE_MS[range], raw ? 1000 : HALF_HOUR_MS),
  };
}

/** The bucket that keeps a range under MAX_POINTS, a whole multiple of the finest step. */
function bucketOf(rangeMs: number, stepMs: number): number {
  return Math.ceil(rangeMs / MAX_POINTS / stepMs) * stepMs;
}
