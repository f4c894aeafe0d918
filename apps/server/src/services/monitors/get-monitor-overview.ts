import type { HealthStatus, Region } from "@upwatch/core";
import { parseRegions } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { inAnyGroup } from "../groups/group-filter.ts";
import { type MonitorStatus, monitorStatus } from "./monitor-status.ts";

/** The list screen's bars: 48 half-hour buckets, the last one holding now. */
export const OVERVIEW_BUCKETS = 48;
export const OVERVIEW_BUCKET_MS = 30 * 60_000;

/** How many checks of a half hour were up and down. */
export interface OverviewBar {
  start: number;
  up: number;
  down: number;
}

/** One monitor as the list screen shows it. */
export interface MonitorOverview {
  monitorId: string;
  status: MonitorStatus;
  regions: Region[];
  lastCheckedAt: number | null;
  lastResponseTimeMs: number | null;
  /** Percent of the checks in the bars that were up; null without checks. */
  uptime24h: number | null;
  bars: OverviewBar[];
}

/** The starts of the 48 half hours ending with the one `now` is in, oldest first. */
export function overviewBucketStarts(now: number): number[] {
  const current = Math.floor(now / OVERVIEW_BUCKET_MS) * OVERVIEW_BUCKET_MS;
  return Array.from(
    { length: OVERVIEW_BUCKETS },
    (_, index) => current - (OVERVIEW_BUCKETS - 1 - index) * OVERVIEW_BUCKET_MS,
  );
}

/**
 * Every monitor of the account with its status, its last check and the last 24 hours in half-hour
 * bars, in two queries whatever the number of monitors. Bars are read from the half-hour rollups
 * (48 rows a monitor rather than up to 2,880 raw results); the uptime is that of the checks in
 * the bars, so the figure and the bars beside it always agree. Given groups, only the monitors
 * in any of them.
 */
export async function getMonitorOverview(
  ctx: ServiceContext,
  access: AccountAccess,
  groupIds?: readonly string[],
): Promise<MonitorOverview[]> {
  const now = ctx.now();
  const starts = overviewBucketStarts(now);
  const monitors = await inAnyGroup(ctx.db.selectFrom("monitors"), groupIds)
    .leftJoin("check_results", (join) =>
      join
        .onRef("check_results.monitor_id", "=", "monitors.id")
        .onRef("check_results.checked_at", "=", "monitors.last_checked_at"),
    )
    .select([
      "monitors.id",
      "monitors.paused",
      "monitors.state",
      "monitors.region",
      "monitors.regions",
      "monitors.last_checked_at",
      "check_results.response_ms",
    ])
    .where("monitors.account_id", "=", access.accountId)
    .orderBy("monitors.created_at")
    .orderBy("monitors.id")
    .execute();
  // Bars of monitors outside the groups find no overview below and are skipped.
  const bars = await ctx.db
    .selectFrom("check_rollups")
    .innerJoin("monitors", "monitors.id", "check_rollups.monitor_id")
    .select([
      "check_rollups.monitor_id",
      "check_rollups.period_start",
      "check_rollups.checks",
      "check_rollups.up_checks",
    ])
    .where("monitors.account_id", "=", access.accountId)
    .where("check_rollups.bucket_seconds", "=", OVERVIEW_BUCKET_MS / 1000)
    .where("check_rollups.period_start", ">=", starts[0]!)
    .execute();

  const byMonitor = new Map<string, MonitorOverview>();
  const overviews: MonitorOverview[] = [];
  for (const row of monitors) {
    // Checks of two regions may finish in the same millisecond; the monitor is listed once.
    if (byMonitor.has(row.id)) continue;
    const overview: MonitorOverview = {
      monitorId: row.id,
      status: monitorStatus({ paused: row.paused === 1, state: row.state as HealthStatus }),
      regions: parseRegions(row.regions, row.region),
      lastCheckedAt: row.last_checked_at,
      lastResponseTimeMs: row.response_ms,
      uptime24h: null,
      bars: starts.map((start) => ({ start, up: 0, down: 0 })),
    };
    byMonitor.set(row.id, overview);
    overviews.push(overview);
  }
  const totals = new Map<string, { checks: number; up: number }>();
  const count = (monitorId: string, checks: number, up: number) => {
    const total = totals.get(monitorId) ?? { checks: 0, up: 0 };
    totals.set(monitorId, { checks: total.checks + checks, up: total.up + up });
  };
  for (const row of bars) {
    const overview = byMonitor.get(row.monitor_id);
    const bar = overview?.bars[(row.period_start - starts[0]!) / OVERVIEW_BUCKET_MS];
    if (!bar) continue;
    bar.up = Number(row.up_checks);
    bar.down = Number(row.checks) - bar.up;
    count(row.monitor_id, Number(row.checks), bar.up);
  }
  for (const [monitorId, total] of totals) {
    const overview = byMonitor.get(monitorId)!;
    overview.uptime24h = total.checks
      ? Math.round((100_000 * total.up) / total.checks) / 1000
      : null;
  }
  return overviews;
}
