// What SQLite's `synchronous` setting costs the writes that must survive: contact-form
// submissions through the real server (its own process, rate limits off) and check-result
// batches through the engine's batch writer, under NORMAL and FULL (both in WAL mode).
// Prints the median of several rounds per setting. BENCH_DIR puts the databases on the disk to
// judge (default: the system's temporary folder).
//   npm run bench:sqlite-durability
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "@upwatch/db";
import autocannon from "autocannon";
import { sql } from "kysely";
import { storeCheckBatch } from "../apps/server/src/check-intake/store-checks.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { buildApp } from "../apps/server/src/wiring/app.ts";
import { checkRecord } from "../apps/server/test/monitors.ts";
import { freePort } from "../apps/web/e2e/support/server.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const SETTINGS = ["NORMAL", "FULL"] as const;
type Setting = (typeof SETTINGS)[number];
const SETTING_CODES: Record<Setting, number> = { NORMAL: 1, FULL: 2 };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? smokeOr(1, 3));
const FORM_SECONDS = Number(process.env.BENCH_SECONDS ?? smokeOr(1, 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? smokeOr(2, 50));
const MONITORS = smokeOr(5, 200);
const BATCHES = Number(process.env.BENCH_BATCHES ?? smokeOr(3, 300));
const BENCH_DIR = process.env.BENCH_DIR ?? tmpdir();

/** Opens the SQLite file as the server does, then applies the setting under test. */
async function openWith(dataDir: string, setting: Setting): Promise<DatabaseHandle> {
  const database = openDatabase({ dataDir });
  await sql.raw(`pragma synchronous = ${setting}`).execute(database.db);
  const applied = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
  if (applied.rows[0]?.synchronous !== SETTING_CODES[setting]) {
    throw new Error(`SQLite did not take synchronous = ${setting}.`);
  }
  await migrateToLatest(database);
  return database;
}

// `serve <setting>`: this file as the server process, on DATA_DIR, with the setting applied.
if (process.argv[2] === "serve") {
  const config = loadConfig(process.env);
  const database = await openWith(config.dataDir, process.argv[3] as Setting);
  const app = await buildApp({ config, database });
  process.on("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: config.host });
} else {
  await main();
}

interface Figures {
  perSecond: number;
  p99Ms: number;
}

async function main() {
  console.log(
    `SQLite in WAL mode, ${ROUNDS} rounds per setting, medians. Databases under ${BENCH_DIR}.`,
  );
  const forms: Record<Setting, Figures[]> = { NORMAL: [], FULL: [] };
  const checks: Record<Setting, Figures[]> = { NORMAL: [], FULL: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const setting of SETTINGS) {
      forms[setting].push(await measureForms(setting));
      checks[setting].push(await measureCheckBatches(setting));
    }
  }
  console.log(
    `contact form: ${CONNECTIONS} connections for ${FORM_SECONDS} s; check results: ${BATCHES} batches of ${MONITORS} results, one after another`,
  );
  for (const setting of SETTINGS) {
    const form = medianOf(forms[setting]);
    const batch = medianOf(checks[setting]);
    console.log(
      `${setting.padEnd(6)}  contact ${form.perSecond.toFixed(0).padStart(6)} submissions/s  p99 ${form.p99Ms.toFixed(1).padStart(6)} ms  |  check results ${batch.perSecond.toFixed(0).padStart(5)} batches/s  p99 ${batch.p99Ms.toFixed(2).padStart(6)} ms a batch`,
    );
  }
}

async function measureForms(setting: Setting): Promise<Figures> {
  const dataDir = mkdtempSync(join(BENCH_DIR, "upwatch-durability-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = endWithBenchmark(
    spawn(process.execPath, ["--import", "tsx", "bench/sqlite-durability.ts", "serve", setting], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        RUN_CHECKS: "false",
        FORMS_RATE_LIMIT: "0",
        FORMS_MIN_FILL_MS: "0",
      },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  try {
    await waitUntilReady(server, url);
    let n = 0;
    const result = await autocannon({
      url: `${url}/public/contact`,
      method: "POST",
      connections: CONNECTIONS,
      duration: FORM_SECONDS,
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              name: `Visitor ${n}`,
              email: `visitor${n++}@example.com`,
              subject: "General Question",
              message: "How many monitors can I create on the free plan?",
            }),
          }),
        },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} refused and ${result.errors} failed submissions.`);
    }
    return { perSecond: result.requests.average, p99Ms: result.latency.p99 };
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureCheckBatches(setting: Setting): Promise<Figures> {
  const dataDir = mkdtempSync(join(BENCH_DIR, "upwatch-durability-"));
  const database = await openWith(dataDir, setting);
  try {
    const ids = await createMonitors(database);
    const start = Date.UTC(2026, 10, 1);
    const times: number[] = [];
    const began = performance.now();
    for (let batch = 0; batch < BATCHES; batch++) {
      const records = ids.map((id, index) =>
        checkRecord(id, start + batch * 60_000 + index * 250, (batch + index) % 50 !== 0, 120),
      );
      const at = performance.now();
      await storeCheckBatch(database.db, records);
      times.push(performance.now() - at);
    }
    const seconds = (performance.now() - began) / 1000;
    times.sort((a, b) => a - b);
    return {
      perSecond: BATCHES / seconds,
      p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function createMonitors(database: DatabaseHandle): Promise<string[]> {
  await database.db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "business", created_at: 0 })
    .execute();
  const ids = Array.from({ length: MONITORS }, (_, index) => `mon_bench_${index}`);
  await database.db
    .insertInto("monitors")
    .values(ids.map((id) => benchMonitorRow(id, "acc_bench")))
    .execute();
  return ids;
}

function medianOf(rounds: Figures[]): Figures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return {
    perSecond: median(rounds.map((round) => round.perSecond)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
  };
}

async function waitUntilReady(child: ChildProcess, url: string) {
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error("The server exited before it was ready.");
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not become ready within 30 s.");
}
