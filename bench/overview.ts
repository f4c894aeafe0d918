// How long the monitor list's overview takes for an Enterprise+ account at its limit: 1,000
// monitors with a day of one-minute checks each (1.44 million results, stored with their rollups
// by the real batch writer), on SQLite (and PostgreSQL when TEST_DATABASE_URL or the default test
// server is reachable).
//   npm run bench:overview
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import { sql } from "kysely";
import pg from "pg";
import { storeCheckBatch } from "../apps/server/src/engine/store-results.ts";
import { createServiceContext } from "../apps/server/src/services/context.ts";
import { getMonitorOverview } from "../apps/server/src/services/monitors/get-monitor-overview.ts";
import { SecretBox } from "../apps/server/src/services/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/services/secrets/secrets-key.ts";
import { checkRecord } from "../apps/server/test/monitors.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 1000);
const CHECKS_PER_MONITOR = 1440;
const NOW = Date.UTC(2026, 10, 2, 0, 10);
const RUNS = 10;

async function fill(handle: DatabaseHandle): Promise<void> {
  await handle.db
    .insertInto("accounts")
    .values({ id: "acc_o", name: "O", plan: "enterprise", created_at: 0 })
    .execute();
  const ids = Array.from(
    { length: MONITORS },
    (_, i) => `mon_${i}_${randomBytes(6).toString("hex")}`,
  );
  await handle.db
    .insertInto("monitors")
    .values(
      ids.map((id, index) =>
        benchMonitorRow(id, "acc_o", {
          state: "up",
          consecutive_successes: 1,
          last_checked_at: NOW - 60_000 + index,
          created_at: index,
          updated_at: index,
        }),
      ),
    )
    .execute();
  for (let minute = CHECKS_PER_MONITOR; minute >= 1; minute -= 5) {
    const batch = [];
    for (let step = minute; step > minute - 5 && step >= 1; step--) {
      for (const [index, id] of ids.entries()) {
        const up = (step + index) % 50 !== 0;
        batch.push(
          checkRecord(id, NOW - step * 60_000 + index, up, 80 + ((step * 7 + index) % 400)),
        );
      }
    }
    await storeCheckBatch(handle.db, batch);
  }
}

async function measure(name: string, handle: DatabaseHandle): Promise<void> {
  const ctx = createServiceContext(handle.db, new SecretBox(generateSecretsKey()), {
    now: () => NOW,
  });
  const access = { accountId: "acc_o", plan: "enterprise" as const };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const rows = await getMonitorOverview(ctx, access);
    times.push(performance.now() - started);
    if (rows.length !== MONITORS) throw new Error(`Expected ${MONITORS} rows, got ${rows.length}.`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  console.log(
    `${name.padEnd(10)} ${MONITORS} monitors, ${MONITORS * CHECKS_PER_MONITOR} results: median ${at(0.5).toFixed(0)} ms, slowest ${at(1).toFixed(0)} ms (${RUNS} runs)`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-overview-"));
const sqlite = openDatabase({ dataDir });
await migrateToLatest(sqlite);
await fill(sqlite);
await measure("SQLite", sqlite);
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
  await measure("PostgreSQL", postgres);
  await postgres.close();
  await admin.query(`drop schema ${schema} cascade`);
} catch (error) {
  console.log(`PostgreSQL not measured: ${error instanceof Error ? error.message : error}`);
} finally {
  await admin.end().catch(() => {});
}
