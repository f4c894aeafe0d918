import type { CheckResultTable, Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { type CheckRecord, ROLLUP_COUNTERS, resultRow, rollupIncrements } from "./result-rows.ts";

const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size)
    out.push(items.slice(index, index + size));
  return out;
}

/**
 * Stores a batch of checks in one transaction: the raw rows, additions to the hourly and daily
 * rollups, and each monitor's latest health. Checks of monitors deleted meanwhile are dropped.
 * Returns how many checks were stored.
 */
export async function storeCheckBatch(
  db: Kysely<Database>,
  records: readonly CheckRecord[],
): Promise<number> {
  if (records.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const T = [performance.now()];
    const ids = [...new Set(records.map((record) => record.monitorId))];
    const existing = new Set<string>();
    for (const part of chunks(ids)) {
      const rows = await trx.selectFrom("monitors").select("id").where("id", "in", part).execute();
      for (const row of rows) existing.add(row.id);
    }
    const kept = records.filter((record) => existing.has(record.monitorId));
    T.push(performance.now());
    const rows: CheckResultTable[] = kept.map(resultRow);
    for (const part of chunks(rows)) {
      await trx
        .insertInto("check_results")
        .values(part)
        .onConflict((oc) => oc.columns(["monitor_id", "checked_at"]).doNothing())
        .execute();
    }
    T.push(performance.now());
    for (const part of chunks(rollupIncrements(rows), 200)) {
      await trx
        .insertInto("check_rollups")
        .values(part as never)
        .onConflict((oc) =>
          oc
            .columns(["monitor_id", "bucket_seconds", "period_start"])
            .doUpdateSet(
              Object.fromEntries(
                ROLLUP_COUNTERS.map((column) => [
                  column,
                  sql`${sql.ref(`check_rollups.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
                ]),
              ) as never,
            ),
        )
        .execute();
    }
    T.push(performance.now());
    const latest = new Map<string, CheckRecord>();
    for (const record of kept) {
      const previous = latest.get(record.monitorId);
      if (!previous || previous.checkedAt <= record.checkedAt) latest.set(record.monitorId, record);
    }
    for (const part of chunks([...latest.values()], 200)) {
      const values = part.map(
        (record) =>
          sql`(${record.monitorId}, ${record.health.status}, ${record.health.consecutiveFailures}, ${record.health.consecutiveSuccesses}, ${record.checkedAt})`,
      );
      // One statement for the whole batch; the casts give PostgreSQL the parameters' types.
      await sql`with latest(id, state, failures, successes, checked_at) as (values ${sql.join(values)})
        update monitors set state = latest.state,
          consecutive_failures = cast(latest.failures as integer),
          consecutive_successes = cast(latest.successes as integer),
          last_checked_at = cast(latest.checked_at as bigint)
        from latest where monitors.id = latest.id`.execute(trx);
    }
    return kept.length;
  });
}
