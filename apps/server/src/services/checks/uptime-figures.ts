import { STATS_RANGES, type StatsRange } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Checks and up checks over a range, and the 24 hours' response times. */
export interface UptimeFigures {
  checks: Record<StatsRange, { checks: number; up: number }>;
  /** The average response time of the last 24 hours' checks; null without one. */
  averageResponseMs24h: number | null;
}

/** Whose monitors: every one of an account, or one monitor. */
export type FigureScope = { accountId: string } | { monitorId: string };

const BUCKET_SECONDS = { hourly: 3600, daily: 86_400 } as const;

/**
 * The figures the monitor page shows, for many monitors in three grouped queries: the last 24
 * hours from raw results, 7 days from hourly rollups and 30 days from daily rollups, read from
 * the same buckets as `monitorStats` so both agree.
 */
export async function readUptimeFigures(
  db: Kysely<Database>,
  scope: FigureScope,
  now: number,
): Promise<Map<string, UptimeFigures>> {
  const figures = new Map<string, UptimeFigures>();
  const entry = (monitorId: string) => {
    let found = figures.get(monitorId);
    if (!found) {
      const none = () => ({ checks: 0, up: 0 });
      found = {
        checks: { "24h": none(), "7d": none(), "30d": none() },
        averageResponseMs24h: null,
      };
      figures.set(monitorId, found);
    }
    return found;
  };
  const monitorIds = db.selectFrom("monitors").select("id");
  const scoped =
    "accountId" in scope
      ? monitorIds.where("account_id", "=", scope.accountId)
      : monitorIds.where("id", "=", scope.monitorId);
  const raw = await db
    .selectFrom("check_results")
    .select((eb) => [
      "monitor_id",
      eb.fn.countAll<number>().as("checks"),
      eb.fn.sum<number>("up").as("up"),
      eb.fn.sum<number>("response_ms").as("response_sum"),
      eb.fn.count<number>("response_ms").as("response_count"),
    ])
    .where("monitor_id", "in", scoped)
    .where("checked_at", ">=", now - STATS_RANGES["24h"].ms)
    .groupBy("monitor_id")
    .execute();
  for (const row of raw) {
    const found = entry(row.monitor_id);
    found.checks["24h"] = { checks: Number(row.checks), up: Number(row.up ?? 0) };
    const count = Number(row.response_count);
    found.averageResponseMs24h = count ? Math.round(Number(row.response_sum) / count) : null;
  }
  for (const range of ["7d", "30d"] as const) {
    const { ms, source } = STATS_RANGES[range];
    const bucketMs = BUCKET_SECONDS[source as keyof typeof BUCKET_SECONDS] * 1000;
    const rows = await db
      .selectFrom("check_rollups")
      .select((eb) => [
        "monitor_id",
        eb.fn.sum<number>("checks").as("checks"),
        eb.fn.sum<number>("up_checks").as("up"),
      ])
      .where("monitor_id", "in", scoped)
      .where("bucket_seconds", "=", bucketMs / 1000)
      .where("period_start", ">=", Math.floor((now - ms) / bucketMs) * bucketMs)
      .groupBy("monitor_id")
      .execute();
    for (const row of rows) {
      entry(row.monitor_id).checks[range] = { checks: Number(row.checks), up: Number(row.up ?? 0) };
    }
  }
  return figures;
}

/** Percent of checks that were up, as the monitor page rounds it; null without checks. */
export function uptimePercent(counts: { checks: number; up: number }): number | null {
  return counts.checks ? Math.round((100_000 * counts.up) / counts.checks) / 1000 : null;
}
