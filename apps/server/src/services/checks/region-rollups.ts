import { histogramPercentile, isRegion, type Region } from "@upwatch/core";
import { type CheckRegionRollupTable, ROLLUP_HISTOGRAM_COLUMNS } from "@upwatch/db";
import type { Selectable } from "kysely";
import type { ServiceContext } from "../context.ts";
import { responseRange, withinRange } from "./response-range.ts";

type RegionRollupRow = Selectable<CheckRegionRollupTable>;

/** What the checks of one region in some buckets add up to. */
export interface RegionFigures {
  checks: number;
  missed: number;
  uptimePercent: number | null;
  averageResponseMs: number | null;
  p50ResponseMs: number | null;
  p95ResponseMs: number | null;
}

/** A monitor's region rollups of one bucket length from `from` on, oldest first. */
export async function readRegionRollups(
  ctx: ServiceContext,
  monitorId: string,
  bucketSeconds: number,
  from: number,
): Promise<RegionRollupRow[]> {
  const bucketMs = bucketSeconds * 1000;
  return ctx.db
    .selectFrom("check_region_rollups")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .where("bucket_seconds", "=", bucketSeconds)
    .where("period_start", ">=", Math.floor(from / bucketMs) * bucketMs)
    .orderBy("period_start")
    .execute();
}

/**
 * Sums rollups into figures. Percentiles are estimated from their histograms, never outside the
 * fastest and slowest response measured: one check of 80 ms has a median of 80 ms, not the
 * middle of its bucket.
 */
export function sumRegionRollups(rows: readonly RegionRollupRow[]): RegionFigures {
  const sum = (pick: (row: RegionRollupRow) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  const checks = sum((row) => row.checks);
  const up = sum((row) => row.up_checks);
  const responseSum = sum((row) => row.response_sum);
  const responseCount = sum((row) => row.response_count);
  const histogram = ROLLUP_HISTOGRAM_COLUMNS.map((column) => sum((row) => row[column]));
  const range = responseRange(rows);
  return {
    checks,
    missed: sum((row) => row.missed),
    uptimePercent: checks ? Math.round((100_000 * up) / checks) / 1000 : null,
    averageResponseMs: responseCount ? Math.round((10 * responseSum) / responseCount) / 10 : null,
    p50ResponseMs: withinRange(histogramPercentile(histogram, 0.5), range),
    p95ResponseMs: withinRange(histogramPercentile(histogram, 0.95), range),
  };
}

/**
 * Groups rollups by region in the monitor's order of regions; a region the monitor no longer
 * has is listed after them when it still has rollups in the range.
 */
export function byRegion(
  rows: readonly RegionRollupRow[],
  monitorRegions: readonly Region[],
): Array<{ region: Region; rows: RegionRollupRow[] }> {
  const groups = new Map<Region, RegionRollupRow[]>(monitorRegions.map((region) => [region, []]));
  for (const row of rows) {
    if (!isRegion(row.region)) continue;
    const group = groups.get(row.region) ?? [];
    group.push(row);
    groups.set(row.region, group);
  }
  return [...groups].map(([region, regionRows]) => ({ region, rows: regionRows }));
}
