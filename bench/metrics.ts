// What metrics cost: one scrape of /metrics over a large outbox, and a request with and without
// the HTTP counter, on SQLite and PostgreSQL (TEST_DATABASE_URL): `npm run bench:metrics`.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.ts";
import { buildApp } from "../apps/server/src/wiring/app.ts";
import { smokeOr } from "./smoke.ts";

const TOKEN = "bench-metrics-token-0123456789abcdef";
const QUEUED = smokeOr(50, 5_000);
const SENT = smokeOr(1_000, 100_000);
const SCRAPES = smokeOr(2, 200);
const REQUESTS = smokeOr(20, 5_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0;
}

async function fillOutbox(db: DatabaseHandle["db"]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < QUEUED + SENT; start += 1_000) {
    const rows = Array.from({ length: 1_000 }, (_, i) => {
      const n = start + i;
      const sent = n >= QUEUED;
      return {
        id: `mail_bench_${n}`,
        kind: "bench",
        recipient: `person-${n}@example.com`,
        message: JSON.stringify({ to: `person-${n}@example.com`, subject: "Hi", text: "Hi." }),
        status: sent ? ("sent" as const) : ("pending" as const),
        attempts: sent ? 1 : 0,
        next_attempt_at: now + 3_600_000,
        locked_until: null,
        claim_token: null,
        last_error: null,
        created_at: now,
        sent_at: sent ? now : null,
      };
    });
    await db.insertInto("outbox").values(rows).execute();
  }
}

async function timeRequests(app: Awaited<ReturnType<typeof buildApp>>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(database: DatabaseHandle, dataDir: string): Promise<void> {
  const env = { LOG_LEVEL: "silent", RUN_CHECKS: "false", DATA_DIR: dataDir };
  const plain = loadConfig(env);
  const measured = loadConfig({ ...env, METRICS_TOKEN: TOKEN });
  await migrateToLatest(database);
  await fillOutbox(database.db);
  const options = { database, startOutboxWorker: false, startAlerting: false };
  const withMetrics = await buildApp({ ...options, config: measured });
  const without = await buildApp({ ...options, config: plain });
  await Promise.all([withMetrics.ready(), without.ready()]);

  const scrapes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SCRAPES; i += 1) {
    const started = performance.now();
    const response = await withMetrics.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    scrapes.push(performance.now() - started);
    bytes = response.body.length;
  }
  await timeRequests(without);
  await timeRequests(withMetrics);
  const plainTimes = await timeRequests(without);
  const countedTimes = await timeRequests(withMetrics);
  await withMetrics.close();
  await without.close();

  console.log(
    `\n${database.dialect}: ${QUEUED.toLocaleString()} queued and ${SENT.toLocaleString()} sent mails`,
  );
  console.log(
    `  GET /metrics (${SCRAPES} scrapes, ${(bytes / 1024).toFixed(1)} KiB): median ${median(scrapes).toFixed(2)} ms, p95 ${p95(scrapes).toFixed(2)} ms`,
  );
  console.log(
    `  a 404 request in-process (${REQUESTS.toLocaleString()} each): median ${(median(plainTimes) * 1000).toFixed(0)} µs without metrics, ${(median(countedTimes) * 1000).toFixed(0)} µs with them`,
  );
}

console.log(`${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-metrics-"));
const sqlite = openDatabase({ dataDir });
try {
  await measure(sqlite, dataDir);
} finally {
  await sqlite.close();
}

// PostgreSQL in a schema of its own, dropped afterwards (when the test server is reachable).
const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const schema = `bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const postgres = openDatabase({ url, dataDir, schema });
  try {
    await measure(postgres, dataDir);
  } finally {
    await postgres.close();
    await admin.query(`drop schema ${schema} cascade`);
  }
} catch (error) {
  console.log(`PostgreSQL not measured: ${error instanceof Error ? error.message : error}`);
} finally {
  await admin.end().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
