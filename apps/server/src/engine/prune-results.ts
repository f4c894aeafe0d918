import {
  DAILY_ROLLUP_RETENTION_DAYS,
  HALF_HOUR_ROLLUP_RETENTION_DAYS,
  historyRetentionDays,
  PLANS,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

const DAY_MS = 86_400_000;

/** The rollups of every region together, and of each region apart: pruned alike. */
const ROLLUP_TABLES = ["check_rollups", "check_region_rollups"] as const;

export interface PruneCounts {
  results: number;
  missed: number;
  halfHourly: number;
  hourly: number;
  daily: number;
  alerts: number;
  incidents: number;
}

/**
 * Deletes raw results and missed checks, hourly rollups (of all regions and of each region), resolved alerts and ended incidents older than each plan's
 * history, half-hour rollups after HALF_HOUR_ROLLUP_RETENTION_DAYS and daily rollups after
 * DAILY_ROLLUP_RETENTION_DAYS on every plan.
 */
export async function pruneCheckHistory(db: Kysely<Database>, now: number): Promise<PruneCounts> {
  const counts: PruneCounts = {
    results: 0,
    missed: 0,
    halfHourly: 0,
    hourly: 0,
    daily: 0,
    alerts: 0,
    incidents: 0,
  };
  for (const plan of PLANS) {
    const cutoff = now - historyRetentionDays(plan) * DAY_MS;
    const monitorsOfPlan = db
      .selectFrom("monitors")
      .innerJoin("accounts", "accounts.id", "monitors.account_id")
      .select("monitors.id")
      .where("accounts.plan", "=", plan.id);
    const results = await db
      .deleteFrom("check_results")
      .where("checked_at", "<", cutoff)
      .where("monitor_id", "in", monitorsOfPlan)
      .executeTakeFirst();
    counts.results += Number(results.numDeletedRows);
    const missed = await db
      .deleteFrom("missed_checks")
      .where("planned_at", "<", cutoff)
      .where("monitor_id", "in", monitorsOfPlan)
      .executeTakeFirst();
    counts.missed += Number(missed.numDeletedRows);
    for (const table of ROLLUP_TABLES) {
      const hourly = await db
        .deleteFrom(table)
        .where("bucket_seconds", "=", 3600)
        .where("period_start", "<", cutoff)
        .where("monitor_id", "in", monitorsOfPlan)
        .executeTakeFirst();
      counts.hourly += Number(hourly.numDeletedRows);
    }
    const accountsOfPlan = db.selectFrom("accounts").select("id").where("plan", "=", plan.id);
    const alerts = await db
      .deleteFrom("alerts")
      .where("state", "=", "resolved")
      .where("resolved_at", "<", cutoff)
      .where("account_id", "in", accountsOfPlan)
      .executeTakeFirst();
    counts.alerts += Number(alerts.numDeletedRows);
    const incidents = await db
      .deleteFrom("incidents")
      .where("ended_at", "<", cutoff)
      .where("account_id", "in", accountsOfPlan)
      .executeTakeFirst();
    counts.incidents += Number(incidents.numDeletedRows);
  }
  for (const table of ROLLUP_TABLES) {
    const daily = await db
      .deleteFrom(table)
      .where("bucket_seconds", "=", 86_400)
      .where("period_start", "<", now - DAILY_ROLLUP_RETENTION_DAYS * DAY_MS)
      .executeTakeFirst();
    counts.daily += Number(daily.numDeletedRows);
    const halfHourly = await db
      .deleteFrom(table)
      .where("bucket_seconds", "=", 1800)
      .where("period_start", "<", now - HALF_HOUR_ROLLUP_RETENTION_DAYS * DAY_MS)
      .executeTakeFirst();
    counts.halfHourly += Number(halfHourly.numDeletedRows);
  }
  return counts;
}
