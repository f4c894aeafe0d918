// 1,000 monitors whose target goes down at once, through the real engine: checks, the alert
// engine in the check-writing transaction, the notification queue and the delivery worker,
// signed webhooks to a receiver in its own process. Prints the time from each monitor's deciding
// check to the webhook's arrival (p50/p99/max) and counts lost and duplicated deliveries.
//   BENCH_MONITORS=1000  BENCH_INTERVAL_SECONDS=30  BENCH_FAILURE_THRESHOLD=1  npm run bench:alerts
//   BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL instead of SQLite.
//   BENCH_BURST=1 checks every monitor the moment the target goes down, so all 1,000 alerts are
//   decided within a second or two instead of across one interval.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createNetworkAccess } from "@upwatch/checks";
import { httpOptionsSchema } from "@upwatch/core";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { AlertEngine } from "../apps/server/src/alerting/index.ts";
import { CheckIntake } from "../apps/server/src/check-intake/check-intake.ts";
import { MonitoringEngine } from "../apps/server/src/engine/monitoring-engine.ts";
import { DeliveryAttempts } from "../apps/server/src/notifications/delivery-log.ts";
import { NotificationWorker } from "../apps/server/src/notifications/notification-worker.ts";
import { monitorFromRow } from "../apps/server/src/records/monitor-record.ts";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { newSigningSecret } from "../apps/server/src/services/channels/create-channel.ts";
import { createServiceContext } from "../apps/server/src/services/context.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const MONITORS = Number(process.env.BENCH_MONITORS ?? smokeOr(10, 1000));
const INTERVAL_S = Number(process.env.BENCH_INTERVAL_SECONDS ?? smokeOr(2, 30));
const THRESHOLD = Number(process.env.BENCH_FAILURE_THRESHOLD ?? 1);
const BURST = process.env.BENCH_BURST === "1";
const TARGET_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 1}`);

interface Receipt {
  id: string;
  monitorId: string;
  event: string;
  at: number;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startFarSide(secret: string) {
  const child = endWithBenchmark(
    fork(new URL("./alert-receiver.mjs", import.meta.url), [secret, ...TARGET_ADDRESSES], {
      stdio: "inherit",
    }),
  );
  const ports = await new Promise<{ targetPorts: number[]; hookPort: number }>((resolve) =>
    child.once("message", resolve as never),
  );
  const report = () =>
    new Promise<{ received: Receipt[]; badSignatures: number }>((resolve) => {
      child.once("message", resolve as never);
      child.send("report");
    });
  return { ...ports, down: () => child.send("down"), report, stop: () => child.send("stop") };
}

async function main() {
  const secret = newSigningSecret();
  const far = await startFarSide(secret);
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-alerts-"));
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const admin = openDatabase({ url, dataDir });
    await admin.db.schema.createSchema(schema).execute();
    await admin.close();
  }
  const database = openDatabase({ url, dataDir, schema, maxConnections: 10 });
  await migrateToLatest(database);
  const db = database.db;
  const at = Date.now();
  await db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: at })
    .execute();
  await db
    .insertInto("channels")
    .values({
      id: "chn_bench",
      account_id: "acc_bench",
      type: "webhook",
      name: "Bench receiver",
      config: JSON.stringify({ url: `http://127.0.0.1:${far.hookPort}/hooks` }),
      secret,
      attach_to_new_monitors: 1,
      created_at: at,
      updated_at: at,
      confirmed_at: at,
      confirmation_token_hash: null,
      confirmation_sent_at: null,
    })
    .execute();
  const options = JSON.stringify(httpOptionsSchema.parse({}));
  for (let start = 0; start < MONITORS; start += 250) {
    const ids = Array.from(
      { length: Math.min(250, MONITORS - start) },
      (_, i) => `mon_bench_${start + i}`,
    );
    await db
      .insertInto("monitors")
      .values(
        ids.map((id, i) => ({
          id,
          account_id: "acc_bench",
          name: `Bench ${start + i}`,
          type: "http",
          target: `http://${TARGET_ADDRESSES[(start + i) % TARGET_ADDRESSES.length]}:${far.targetPorts[(start + i) % far.targetPorts.length]}/health`,
          interval_seconds: INTERVAL_S,
          timeout_seconds: 10,
          region: "us-west-1",
          failure_threshold: THRESHOLD,
          recovery_confirmations: 1,
          paused: 0,
          options,
          state: "unknown",
          consecutive_failures: 0,
          consecutive_successes: 0,
          last_checked_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await db
      .insertInto("monitor_channels")
      .values(ids.map((id) => ({ monitor_id: id, channel_id: "chn_bench" })))
      .execute();
  }

  const silent = { info: () => {}, warn: () => {}, error: (o: object) => console.error(o) };
  const ctx = createServiceContext(db, new SecretBox(generateSecretsKey()));
  const network = createNetworkAccess({ allowPrivateTargets: true });
  const worker = new NotificationWorker({
    ctx,
    deps: { network, clients: {} },
    attempts: new DeliveryAttempts(),
    log: silent,
    mailQueued: () => {},
  });
  const alerts = new AlertEngine({
    db,
    actx: { now: ctx.now, newId: ctx.newId, linkBase: "http://upwatch.bench" },
    log: silent,
    onQueued: () => worker.wake(),
  });
  let flipped = false;
  const decidedAt = new Map<string, number>();
  const failures = new Map<string, number>();
  const engine = new MonitoringEngine({
    db,
    secrets: ctx.secrets,
    network,
    concurrency: 500,
    log: silent,
    checks: new CheckIntake({ alerting: alerts }),
    observe: (report) => {
      if (!flipped || report.outcome.status !== "down") return;
      const count = (failures.get(report.monitorId) ?? 0) + 1;
      failures.set(report.monitorId, count);
      if (count === THRESHOLD) decidedAt.set(report.monitorId, Date.now());
    },
  });
  worker.start();
  alerts.start();
  await engine.start();
  console.log(`${MONITORS} monitors every ${INTERVAL_S} s; warming up for one interval...`);
  await sleep(INTERVAL_S * 1000 + smokeOr(500, 2000));
  flipped = true;
  far.down();
  const flippedAt = Date.now();
  if (BURST) {
    const rows = await db.selectFrom("monitors").selectAll().execute();
    for (const row of rows) {
      engine.saved({
        ...monitorFromRow(row, ctx.secrets),
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
      });
    }
  }
  console.log("target down; waiting for every monitor's alert...");
  const deadline = flippedAt + (INTERVAL_S * THRESHOLD + 60) * 1000;
  let report = await far.report();
  while (Date.now() < deadline) {
    const alerted = new Set(
      report.received.filter((r) => r.event === "monitor.down").map((r) => r.monitorId),
    );
    if (alerted.size >= MONITORS) break;
    await sleep(1000);
    report = await far.report();
  }
  await sleep(smokeOr(500, 3000));
  report = await far.report();
  await engine.stop();
  await alerts.stop();
  await worker.stop();

  const down = report.received.filter((r) => r.event === "monitor.down");
  const firstArrival = new Map<string, number>();
  for (const r of down) if (!firstArrival.has(r.monitorId)) firstArrival.set(r.monitorId, r.at);
  const latencies = [...firstArrival].flatMap(([monitor, arrived]) => {
    const decided = decidedAt.get(monitor);
    return decided === undefined ? [] : [arrived - decided];
  });
  latencies.sort((a, b) => a - b);
  const ids = report.received.map((r) => r.id);
  const duplicatedIds = ids.length - new Set(ids).size;
  const duplicatedAlerts = down.length - firstArrival.size;
  const lost = [...decidedAt.keys()].filter((monitor) => !firstArrival.has(monitor)).length;
  const log = await db
    .selectFrom("notification_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  console.log(
    [
      `database ${database.dialect}${BURST ? ", every check at once" : `, checks spread over ${INTERVAL_S} s`}`,
      `${decidedAt.size} monitors decided down, ${firstArrival.size} alerted`,
      `deciding check -> webhook received: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies.at(-1) ?? 0} ms`,
      `lost ${lost}, duplicated ${duplicatedIds + duplicatedAlerts}, bad signatures ${report.badSignatures}`,
      `delivery log: ${log.map((row) => `${row.status} ${row.n}`).join(", ")}`,
      `machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      `target: p99 under 2,000 ms, 0 lost, 0 duplicated -> ${percentile(latencies, 0.99) < 2000 && lost === 0 && duplicatedIds + duplicatedAlerts === 0 ? "met" : "NOT met"}`,
    ].join("\n"),
  );
  await database.close();
  far.stop();
  if (url) {
    const admin = openDatabase({ url, dataDir });
    await admin.db.schema.dropSchema(schema).cascade().execute();
    await admin.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
