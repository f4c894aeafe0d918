// How many bytes a stored check costs: writes a day of one-minute checks for 200 monitors
// through the real batch writer and measures the tables on SQLite (and PostgreSQL when
// TEST_DATABASE_URL or the default test server is reachable).
//   npm run bench:check-storage
import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "@upwatch/db";
import { sql } from "kysely";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { benchBothDatabases, type Dialect } from "./both-databases.ts";
import { storeMinuteChecks } from "./minute-checks.ts";
import { smokeOr } from "./smoke.ts";

const MONITORS = smokeOr(5, 200);
const CHECKS_PER_MONITOR = smokeOr(30, 1440);
const START = Date.UTC(2026, 10, 1);

async function fill(handle: DatabaseHandle): Promise<void> {
  await handle.db
    .insertInto("accounts")
    .values({ id: "acc_s", name: "S", plan: "hobby", created_at: 0 })
    .execute();
  const ids = Array.from(
    { length: MONITORS },
    (_, i) => `mon_${randomBytes(12).toString("base64url")}${i}`,
  );
  await handle.db
    .insertInto("monitors")
    .values(ids.map((id) => benchMonitorRow(id, "acc_s")))
    .execute();
  const minutes = Array.from({ length: CHECKS_PER_MONITOR }, (_, minute) => minute);
  await storeMinuteChecks(
    handle.db,
    ids,
    minutes,
    (minute, index) => START + minute * 60_000 + index * 250,
  );
}

function report(dialect: string, checks: number, results: number, rollups: number) {
  console.log(
    `${dialect.padEnd(10)} raw results ${(results / checks).toFixed(0)} bytes/check (table and key)  |  rollups ${(rollups / checks).toFixed(1)} bytes/check (hourly + daily, at one check a minute)`,
  );
}

/** Bytes of the raw results and of the rollups, as each database counts its tables. */
async function tableBytes(
  dialect: Dialect,
  handle: DatabaseHandle,
): Promise<{ results: number; rollups: number }> {
  if (dialect === "PostgreSQL") {
    const schema = handle.postgres?.schema;
    const { rows } = await sql<{ results: number; rollups: number }>`
      select pg_total_relation_size(${`${schema}.check_results`}::regclass) as results,
             pg_total_relation_size(${`${schema}.check_rollups`}::regclass) as rollups`.execute(
      handle.db,
    );
    return { results: Number(rows[0]!.results), rollups: Number(rows[0]!.rollups) };
  }
  const sizes = await sql<{ name: string; bytes: number }>`
    select name, sum(pgsize) as bytes from dbstat where name in ('check_results', 'check_rollups') group by name`.execute(
    handle.db,
  );
  const bytesOf = (name: string) => Number(sizes.rows.find((row) => row.name === name)?.bytes ?? 0);
  return { results: bytesOf("check_results"), rollups: bytesOf("check_rollups") };
}

await benchBothDatabases("storage", {
  fill,
  measure: async (dialect, handle) => {
    const bytes = await tableBytes(dialect, handle);
    report(dialect, MONITORS * CHECKS_PER_MONITOR, bytes.results, bytes.rollups);
  },
});
