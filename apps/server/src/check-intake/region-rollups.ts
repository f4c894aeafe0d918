import { AGENT_CHECK_REGION, HEARTBEAT_CHECK_REGION, histogramBucket } from "@upwatch/core";

/** Checks that ran from no region: they have no place in the per-region figures. */
const NOT_REGIONS: readonly string[] = [AGENT_CHECK_REGION, HEARTBEAT_CHECK_REGION];

import {
  type CheckResultTable,
  type MissedCheckTable,
  ROLLUP_HISTOGRAM_COLUMNS,
} from "@upwatch/db";
import { ROLLUP_BUCKETS_SECONDS } from "./check-record.ts";

/** Additive counters of a region rollup row: what a batch adds to one region's period. */
export type RegionRollupIncrement = Record<string, number | string | null> & {
  monitor_id: string;
  region: string;
  bucket_seconds: number;
  period_start: number;
  /** The fastest and slowest response the batch adds; null when it adds none. */
  response_min: number | null;
  response_max: number | null;
};

/** The counters every region rollup row adds up. */
export const REGION_ROLLUP_COUNTERS: readonly string[] = [
  "checks",
  "up_checks",
  "missed",
  "response_sum",
  "response_count",
  ...ROLLUP_HISTOGRAM_COLUMNS,
];

/**
 * Sums stored results (by when they ran) and missed checks (by when they were planned) into one
 * increment per monitor, region, granularity and period. Checks run by an agent are no region's:
 * per-region figures leave them out.
 */
export function regionRollupIncrements(
  rows: readonly CheckResultTable[],
  missed: readonly MissedCheckTable[],
): RegionRollupIncrement[] {
  const increments = new Map<string, RegionRollupIncrement>();
  const each = (monitorId: string, region: string, at: number, add: (i: Counters) => void) => {
    for (const bucketSeconds of ROLLUP_BUCKETS_SECONDS) {
      const bucketMs = bucketSeconds * 1000;
      const periodStart = Math.floor(at / bucketMs) * bucketMs;
      const key = `${monitorId}|${region}|${bucketSeconds}|${periodStart}`;
      let increment = increments.get(key);
      if (!increment) {
        increment = {
          monitor_id: monitorId,
          region,
          bucket_seconds: bucketSeconds,
          period_start: periodStart,
          response_min: null,
          response_max: null,
        };
        for (const counter of REGION_ROLLUP_COUNTERS) increment[counter] = 0;
        increments.set(key, increment);
      }
      add(increment as unknown as Counters);
    }
  };
  for (const row of rows) {
    if (NOT_REGIONS.includes(row.region)) continue;
    each(row.monitor_id, row.region, row.checked_at, (increment) => {
      increment.checks += 1;
      if (row.up === 1) increment.up_checks += 1;
      if (row.response_ms === null) return;
      increment.response_sum += row.response_ms;
      increment.response_count += 1;
      increment.response_min = Math.min(increment.response_min ?? row.response_ms, row.response_ms);
      increment.response_max = Math.max(increment.response_max ?? row.response_ms, row.response_ms);
      const column = ROLLUP_HISTOGRAM_COLUMNS[histogramBucket(row.response_ms)]!;
      increment[column] = (increment[column] ?? 0) + 1;
    });
  }
  for (const miss of missed) {
    if (NOT_REGIONS.includes(miss.region)) continue;
    each(miss.monitor_id, miss.region, miss.planned_at, (increment) => {
      increment.missed += 1;
    });
  }
  return [...increments.values()];
}

type Counters = Record<string, number | null> & {
  response_min: number | null;
  response_max: number | null;
  checks: number;
  up_checks: number;
  missed: number;
  response_sum: number;
  response_count: number;
};
