import type { Region } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { byRegion, readRegionRollups, sumRegionRollups } from "./region-rollups.ts";

/** The periods of the latency-by-region chart, each with its length and bucket. */
export const REGION_LATENCY_BUCKETS = {
  "24h": { ms: 86_400_000, bucketSeconds: 1800 },
  "7d": { ms: 7 * 86_400_000, bucketSeconds: 3600 },
  "30d": { ms: 30 * 86_400_000, bucketSeconds: 86_400 },
  "90d": { ms: 90 * 86_400_000, bucketSeconds: 86_400 },
} as const;
export type LatencyPeriod = keyof typeof REGION_LATENCY_BUCKETS;

/** One bucket of one region's series. */
export interface LatencyPoint {
  start: number;
  averageMs: number | null;
  p95Ms: number | null;
  uptimePercent: number | null;
  checks: number;
  missed: number;
}

export interface RegionLatency {
  period: LatencyPeriod;
  bucketSeconds: number;
  regions: Array<{ region: Region; points: LatencyPoint[] }>;
}

/**
 * Response time and uptime of each region of a monitor over a period, from the region rollups:
 * half hours for a day, hours for a week, days beyond. Buckets without checks are left out.
 */
export async function regionLatency(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  period: LatencyPeriod,
): Promise<RegionLatency> {
  const monitor = await getMonitor(ctx, access, monitorId);
  const { ms, bucketSeconds } = REGION_LATENCY_BUCKETS[period];
  const rows = await readRegionRollups(ctx, monitorId, bucketSeconds, ctx.now() - ms);
  return {
    period,
    bucketSeconds,
    regions: byRegion(rows, monitor.regions).map(({ region, rows: regionRows }) => ({
      region,
      points: regionRows.map((row) => {
        const figures = sumRegionRollups([row]);
        return {
          start: Number(row.period_start),
          averageMs: figures.averageResponseMs,
          p95Ms: figures.p95ResponseMs,
          uptimePercent: figures.uptimePercent,
          checks: figures.checks,
          missed: figures.missed,
        };
      }),
    })),
  };
}
