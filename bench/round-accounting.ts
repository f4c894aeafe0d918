import { nextPlannedRun } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** What became of every check planned in a window, per monitor and region. */
export interface RoundAccount {
  planned: number;
  stored: number;
  missed: number;
  /** Planned checks with neither a stored result nor a missed record. */
  lost: number;
  /** Identities (monitor, region, planned time) stored more than once, results and missed together. */
  duplicated: number;
  /** A few lost checks, to look at. */
  lostExamples: string[];
}

/**
 * Counts, for each monitor and each of its regions, the checks planned in [from, to) on its
 * fixed phase, and finds each among the stored results and the missed records.
 */
export async function accountRounds(
  db: Kysely<Database>,
  intervalMs: number,
  from: number,
  to: number,
): Promise<RoundAccount> {
  const monitors = await db.selectFrom("monitors").select(["id", "regions"]).execute();
  const results = await db
    .selectFrom("check_results")
    .select(["monitor_id", "region", "planned_at"])
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  const missed = await db
    .selectFrom("missed_checks")
    .select(["monitor_id", "region", "planned_at"])
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  const identity = (row: { monitor_id: string; region: string; planned_at: number }) =>
    `${row.monitor_id} ${row.region} ${Number(row.planned_at)}`;
  const found = new Map<string, number>();
  for (const row of [...results, ...missed]) {
    const key = identity(row);
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  let planned = 0;
  let lost = 0;
  const lostExamples: string[] = [];
  for (const monitor of monitors) {
    const regions = JSON.parse(monitor.regions) as string[];
    for (let at = nextPlannedRun(monitor.id, intervalMs, from - 1); at < to; at += intervalMs) {
      for (const region of regions) {
        planned += 1;
        if (found.has(identity({ monitor_id: monitor.id, region, planned_at: at }))) continue;
        lost += 1;
        if (lostExamples.length < 5) {
          lostExamples.push(`${monitor.id} ${region} ${new Date(at).toISOString()}`);
        }
      }
    }
  }
  let duplicated = 0;
  for (const count of found.values()) duplicated += count - 1;
  return {
    planned,
    stored: results.length,
    missed: missed.length,
    lost,
    duplicated,
    lostExamples,
  };
}
