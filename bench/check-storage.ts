// How many bytes a stored check costs: writes a day of one-minute checks for 200 monitors
// through the real batch writer and measures the tables on SQLite (and PostgreSQL when
// TEST_DATABASE_URL or the default test server is reachable).
//   npm run bench:check-storage
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import { sql } from "kysely";
import pg from "pg";
import { storeCheckBatch } from "../apps/server/src/engine/store-results.ts";
import { checkRecord } from "../apps/server/test/monitors.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";

const MONITORS = 200;
const CHECKS_PER_MONITOR = 1440;
const START = Date.UTC(2026, 10, 1);

async function fill(handle: DatabaseHandle): Promise<number> {
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
  for (let minute = 0; minute < CHECKS_PER_MONITOR; minute += 5) {
    const batch = [];
    for (let step = minute; step < minute + 5; step++) {
      for (const [index, id] of ids.entries()) {
        const up = (step + index) % 50 !== 0;
        batch.push(
          checkRecord(id, START + step * 60_000 + index * 250, up, 80 + ((step * 7 + index) % 400)),
        );
      }
    }
    await storeCheckBatch(handle.db, batch);
  }
  return MONITORS * CHECKS_PER_MONITOR;
}

function report(dialect: string, checks: number, results: number, rollups: number) {
  console.log(
    `${dialect.padEnd(10)} raw results ${(results / checks).toFixed(0)} bytes/check (table and key)  |  rollups ${(rollups / checks).toFixed(1)} bytes/check (hourly + daily, at one check a minute)`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-storage-"));
const sqlite = openDatabase({ dataDir });
await migrateToLatest(sqlite);
const checks = await fill(sqlite);
const sizes = await sql<{ name: string; bytes: number }>`
  select name, sum(pgsize) as bytes from dbstat where name in ('check_results', 'check_rollups') group by name`.execute(
  sqlite.db,
);
const bytesOf = (name: string) => Number(sizes.rows.find((row) => row.name === name)?.bytes ?? 0);
report("SQLite", checks, bytesOf("check_results"), bytesOf("check_rollups"));
await sqlite.close();
rmSync(dataDir, { recursive: true, force: true });

const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const schema = `bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const postgres = openDatabase({ url, dataDir: tmpdir(), schema });
  await migrateToLatest(postgres);
  await fill(postgres);
  await sql`vacuum analyze`.execute(postgres.db).catch(() => {});
  const { rows } = await sql<{ results: number; rollups: number }>`
    select pg_total_relation_size(${`${schema}.check_results`}::regclass) as results,
           pg_total_relation_size(${`${schema}.check_rollups`}::regclass) as rollups`.execute(
    postgres.db,
  );
  report("PostgreSQL", checks, Number(rows[0]!.results), Number(rows[0]!.rollups));
  await postgres.close();
  await admin.query(`drop schema ${schema} cascade`);
} catch (error) {
  console.log(`PostgreSQL not measured: ${error instanceof Error ? error.message : error}`);
} finally {
  await admin.end().catch(() => {});
}
