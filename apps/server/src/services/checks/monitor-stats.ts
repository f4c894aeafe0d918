import {
  exactPercentile,
  getPlan,
  histogramPercentile,
  type Region,
  STATS_RANGES,
  type StatsRange,
  type StatsSource,
} from "@upwatch/core";
import { ROLLUP_HISTOGRAM_COLUMNS } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import {
  byRegion,
  type RegionFigures,
  readRegionRollups,
  sumRegionRollups,
} from "./region-rollups.ts";
import { responseRange, withinRange } from "./response-range.ts";

/** Rollup bucket length of each stored source, in seconds. */
const BUCKET_SECONDS = { hourly: 3600, daily: 86_400 } as const;
/** Region rollup bucket length of each source; the last day is read from half hours. */
const REGION_BUCKET_SECONDS = { raw: 1800, hourly: 3600, daily: 86_400 } as const;

/** Averages of each phase of the checks, in milliseconds; null when the phase never ran. */
export interface PhaseAverages {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
}

export interface MonitorStats {
  range: StatsRange;
  from: number;
  to: number;
  source: StatsSource;
  checks: number;
  upChecks: number;
  uptimePercent: number | null;
  averageResponseMs: number | null;
  p95ResponseMs: number | null;
  /** Null on plans without DNS and TTFB timings (Free). */
  phases: PhaseAverages | null;
  /** The same range for each region of the monitor, from the region rollups. */
  regions: Array<RegionFigures & { region: Region }>;
}

interface Totals {
  checks: number;
  upChecks: number;
  responseSum: number;
  responseCount: number;
  phases: Record<keyof PhaseAverages, { sum: number; count: number }>;
  p95: number | null;
}

/**
 * Uptime and response times over a range: the last 24 hours from raw results (exact p95),
 * longer ranges from hourly or daily rollups (p95 estimated from their histograms, kept between
 * the fastest and slowest response measured).
 */
export async function monitorStats(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  range: StatsRange,
): Promise<MonitorStats> {
  const monitor = await getMonitor(ctx, access, monitorId);
  const to = ctx.now();
  const { ms, source } = STATS_RANGES[range];
  const from = to - ms;
  const totals =
    source === "raw"
      ? await rawTotals(ctx, monitorId, from)
      : await rollupTotals(ctx, monitorId, BUCKET_SECONDS[source], from);
  const regionRows = await readRegionRollups(ctx, monitorId, REGION_BUCKET_SECONDS[source], from);
  const average = (value: { sum: number; count: number }) =>
    value.count ? round(value.sum / value.count) : null;
  return {
    range,
    from,
    to,
    source,
    checks: totals.checks,
    upChecks: totals.upChecks,
    uptimePercent: totals.checks ? round((100 * totals.upChecks) / totals.checks, 3) : null,
    averageResponseMs: average({ sum: totals.responseSum, count: totals.responseCount }),
    p95ResponseMs: totals.p95,
    phases: getPlan(access.plan).limits.allCheckTypes
      ? {
          dnsMs: average(totals.phases.dnsMs),
          connectMs: average(totals.phases.connectMs),
          tlsMs: average(totals.phases.tlsMs),
          firstByteMs: average(totals.phases.firstByteMs),
        }
      : null,
    regions: byRegion(regionRows, monitor.regions).map(({ region, rows }) => ({
      region,
      ...sumRegionRollups(rows),
    })),
  };
}

async function rawTotals(ctx: ServiceContext, monitorId: string, from: number): Promise<Totals> {
  const rows = await ctx.db
    .selectFrom("check_results")
    .select(["up", "response_ms", "dns_ms", "connect_ms", "tls_ms", "first_byte_ms"])
    .where("monitor_id", "=", monitorId)
    .where("checked_at", ">=", from)
    .execute();
  const phase = (values: Array<number | null>) => {
    const present = values.filter((value): value is number => value !== null);
    return { sum: present.reduce((a, b) => a + b, 0), count: present.length };
  };
  const responses = rows.map((row) => row.response_ms).filter((v): v is number => v !== null);
  return {
    checks: rows.length,
    upChecks: rows.filter((row) => row.up === 1).length,
    responseSum: responses.reduce((a, b) => a + b, 0),
    responseCount: responses.length,
    phases: {
      dnsMs: phase(rows.map((row) => row.dns_ms)),
      connectMs: phase(rows.map((row) => row.connect_ms)),
      tlsMs: phase(rows.map((row) => row.tls_ms)),
      firstByteMs: phase(rows.map((row) => row.first_byte_ms)),
    },
    p95: exactPercentile(responses, 0.95),
  };
}

async function rollupTotals(
  ctx: ServiceContext,
  monitorId: string,
  bucketSeconds: number,
  from: number,
): Promise<Totals> {
  const bucketMs = bucketSeconds * 1000;
  const rows = await ctx.db
    .selectFrom("check_rollups")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .where("bucket_seconds", "=", bucketSeconds)
    .where("period_start", ">=", Math.floor(from / bucketMs) * bucketMs)
    .execute();
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  const histogram = ROLLUP_HISTOGRAM_COLUMNS.map((column) => sum((row) => row[column]));
  return {
    checks: sum((row) => row.checks),
    upChecks: sum((row) => row.up_checks),
    responseSum: sum((row) => row.response_sum),
    responseCount: sum((row) => row.response_count),
    phases: {
      dnsMs: { sum: sum((row) => row.dns_sum), count: sum((row) => row.dns_count) },
      connectMs: { sum: sum((row) => row.connect_sum), count: sum((row) => row.connect_count) },
      tlsMs: { sum: sum((row) => row.tls_sum), count: sum((row) => row.tls_count) },
      firstByteMs: {
        sum: sum((row) => row.first_byte_sum),
        count: sum((row) => row.first_byte_count),
      },
    },
    p95: withinRange(histogramPercentile(histogram, 0.95), responseRange(rows)),
  };
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
