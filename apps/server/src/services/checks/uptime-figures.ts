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
const HALF_HOUR_MS = 1_800_000;

/**
 * The figures the monitor page shows, for many monitors in four grouped queries: the last 24
 * hours counted as the raw results are, 7 days from hourly rollups and 30 days from daily
 * rollups, read from the same buckets as `monitorStats` so both agree.
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
  // The 24 hours are exactly the raw results since `from`, read as the few results before the
  // first whole half hour plus the half-hour rollups after it: the same counts as the monitor
  // page's raw figures, without grouping a day of results per monitor.
  const from = now - STATS_RANGES["24h"].ms;
  const boundary = Math.ceil(from / HALF_HOUR_MS) * HALF_HOUR_MS;
  const head = await db
    .selectFrom("check_results")
    .select((eb) => [
      "monitor_id",
      eb.fn.countAll<number>().as("checks"),
      eb.fn.sum<number>("up").as("up"),
      eb.fn.sum<number>("response_ms").as("response_sum"),
      eb.fn.count<number>("response_ms").as("response_count"),
    ])
    .where("monitor_id", "in", scoped)
    .where("checked_at", ">=", from)
    .where("checked_at", "<", boundary)
    .groupBy("monitor_id")
    .execute();
  const halfHours = await db
    .selectFrom("check_rollups")
    .select((eb) => [
      "monitor_id",
      eb.fn.sum<number>("checks").as("checks"),
      eb.fn.sum<number>("up_checks").as("up"),
      eb.fn.sum<number>("response_sum").as("response_sum"),
      eb.fn.sum<number>("response_count").as("response_count"),
    ])
    .where("monitor_id", "in", scoped)
    .where("bucket_seconds", "=", HALF_HOUR_MS / 1000)
    .where("period_start", ">=", boundary)
    .groupBy("monitor_id")
    .execute();
  const responses = new Map<string, { sum: number; count: number }>();
  for (const row of [...head, ...halfHours]) {
    const found = entry(row.monitor_id);
    const day = found.checks["24h"];
    found.checks["24h"] = {
      checks: day.checks + Number(row.checks),
      up: day.up + Number(row.up ?? 0),
    };
    const response = responses.get(row.monitor_id) ?? { sum: 0, count: 0 };
    responses.set(row.monitor_id, {
      sum: response.sum + Number(row.response_sum ?? 0),
      count: response.count + Number(row.response_count ?? 0),
    });
  }
  for (const [monitorId, response] of responses) {
    entry(monitorId).averageResponseMs24h = response.count
      ? Math.round(response.sum / response.count)
      : null;
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
