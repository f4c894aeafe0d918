import type { HealthStatus } from "@upwatch/core";
import { sql } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type MonitorStatus, monitorStatus } from "./monitor-status.ts";

/** The list screen's bars: 48 half-hour buckets, the last one holding now. */
export const OVERVIEW_BUCKETS = 48;
export const OVERVIEW_BUCKET_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

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
  lastCheckedAt: number | null;
  lastResponseTimeMs: number | null;
  /** Percent of the checks of the last 24 hours that were up; null without checks. */
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
 * Every monitor of the account with its status, last check and the last 24 hours of raw results
 * in half-hour buckets, in two queries whatever the number of monitors. Uptime covers exactly
 * the last 24 hours, as the monitor's 24-hour stats do.
 */
export async function getMonitorOverview(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<MonitorOverview[]> {
  const now = ctx.now();
  const starts = overviewBucketStarts(now);
  const monitors = await ctx.db
    .selectFrom("monitors")
    .leftJoin("check_results", (join) =>
      join
        .onRef("check_results.monitor_id", "=", "monitors.id")
        .onRef("check_results.checked_at", "=", "monitors.last_checked_at"),
    )
    .select([
      "monitors.id",
      "monitors.paused",
      "monitors.state",
      "monitors.last_checked_at",
      "check_results.response_ms",
    ])
    .where("monitors.account_id", "=", access.accountId)
    .orderBy("monitors.created_at")
    .orderBy("monitors.id")
    .execute();
  // Slot 0 holds the checks of the last 24 hours older than the first bar; slot n is bar n - 1.
  const origin = starts[0]! - OVERVIEW_BUCKET_MS;
  const slot = sql<number>`cast((check_results.checked_at - ${sql.lit(origin)}) / ${sql.lit(OVERVIEW_BUCKET_MS)} as integer)`;
  const counts = await ctx.db
    .selectFrom("check_results")
    .innerJoin("monitors", "monitors.id", "check_results.monitor_id")
    .select([
      "check_results.monitor_id",
      slot.as("slot"),
      sql<number>`count(*)`.as("checks"),
      sql<number>`sum(check_results.up)`.as("up"),
    ])
    .where("monitors.account_id", "=", access.accountId)
    .where("check_results.checked_at", ">=", now - DAY_MS)
    .groupBy(["check_results.monitor_id", slot])
    .execute();

  const byMonitor = new Map<string, MonitorOverview>();
  const overviews = monitors.map((row) => {
    const overview: MonitorOverview = {
      monitorId: row.id,
      status: monitorStatus({ paused: row.paused === 1, state: row.state as HealthStatus }),
      lastCheckedAt: row.last_checked_at,
      lastResponseTimeMs: row.response_ms,
      uptime24h: null,
      bars: starts.map((start) => ({ start, up: 0, down: 0 })),
    };
    byMonitor.set(row.id, overview);
    return overview;
  });
  const totals = new Map<string, { checks: number; up: number }>();
  for (const row of counts) {
    const overview = byMonitor.get(row.monitor_id);
    if (!overview) continue;
    const checks = Number(row.checks);
    const up = Number(row.up);
    const total = totals.get(row.monitor_id) ?? { checks: 0, up: 0 };
    totals.set(row.monitor_id, { checks: total.checks + checks, up: total.up + up });
    const bar = overview.bars[Number(row.slot) - 1];
    if (bar) {
      bar.up += up;
      bar.down += checks - up;
    }
  }
  for (const [monitorId, total] of totals) {
    const overview = byMonitor.get(monitorId)!;
    overview.uptime24h = total.checks
      ? Math.round((100_000 * total.up) / total.checks) / 1000
      : null;
  }
  return overviews;
}
