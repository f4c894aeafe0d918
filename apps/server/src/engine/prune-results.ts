import {
  dailyRollupDays,
  HALF_HOUR_ROLLUP_RETENTION_DAYS,
  HISTORY_DAYS_CHOICE,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { DeleteResult, Kysely } from "kysely";
import { historyClasses } from "../records/history-classes.ts";

const DAY_MS = 86_400_000;

/** The rollups of every region together, and of each region apart: pruned alike. */
const ROLLUP_TABLES = ["check_rollups", "check_region_rollups"] as const;
type RollupTable = (typeof ROLLUP_TABLES)[number];

export interface PruneCounts {
  results: number;
  missed: number;
  halfHourly: number;
  hourly: number;
  daily: number;
  alerts: number;
  incidents: number;
}

/** How many rows a delete removed. */
async function deletedRows(query: { executeTakeFirst(): Promise<DeleteResult> }): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

function rollupsBefore(
  db: Kysely<Database>,
  table: RollupTable,
  bucketSeconds: number,
  before: number,
) {
  return db
    .deleteFrom(table)
    .where("bucket_seconds", "=", bucketSeconds)
    .where("period_start", "<", before);
}

/**
 * Deletes raw results and missed checks, hourly rollups (of all regions and of each region),
 * resolved alerts and ended incidents older than each account's history (its plan's, or its
 * own choice within `maxHistoryDays`), daily rollups after 800 days or a longer history, and
 * half-hour rollups after HALF_HOUR_ROLLUP_RETENTION_DAYS.
 */
export async function pruneCheckHistory(
  db: Kysely<Database>,
  now: number,
  maxHistoryDays: number = HISTORY_DAYS_CHOICE.defaultMax,
): Promise<PruneCounts> {
  const counts: PruneCounts = {
    results: 0,
    missed: 0,
    halfHourly: 0,
    hourly: 0,
    daily: 0,
    alerts: 0,
    incidents: 0,
  };
  for (const { days, accounts: accountsOfPlan } of await historyClasses(db, maxHistoryDays)) {
    const cutoff = now - days * DAY_MS;
    const monitorsOfPlan = db
      .selectFrom("monitors")
      .select("monitors.id")
      .where("monitors.account_id", "in", accountsOfPlan);
    counts.results += await deletedRows(
      db
        .deleteFrom("check_results")
        .where("checked_at", "<", cutoff)
        .where("monitor_id", "in", monitorsOfPlan),
    );
    counts.missed += await deletedRows(
      db
        .deleteFrom("missed_checks")
        .where("planned_at", "<", cutoff)
        .where("monitor_id", "in", monitorsOfPlan),
    );
    for (const table of ROLLUP_TABLES) {
      counts.hourly += await deletedRows(
        rollupsBefore(db, table, 3600, cutoff).where("monitor_id", "in", monitorsOfPlan),
      );
      const dailyCutoff = now - dailyRollupDays(days) * DAY_MS;
      counts.daily += await deletedRows(
        rollupsBefore(db, table, 86_400, dailyCutoff).where("monitor_id", "in", monitorsOfPlan),
      );
    }
    counts.alerts += await deletedRows(
      db
        .deleteFrom("alerts")
        .where("state", "=", "resolved")
        .where("resolved_at", "<", cutoff)
        .where("account_id", "in", accountsOfPlan),
    );
    counts.incidents += await deletedRows(
      db
        .deleteFrom("incidents")
        .where("ended_at", "<", cutoff)
        .where("account_id", "in", accountsOfPlan),
    );
  }
  for (const table of ROLLUP_TABLES) {
    counts.halfHourly += await deletedRows(
      rollupsBefore(db, table, 1800, now - HALF_HOUR_ROLLUP_RETENTION_DAYS * DAY_MS),
    );
  }
  return counts;
}
