// 1,000 monitors whose target goes down at once, through the real engine: checks, the alert
// engine in the check-writing transaction, the notification queue and the delivery worker,
// to every channel type but e-mail and SMS attached to each monitor (a signed webhook and a
// stand-in for each service, in a receiver process of its own). Prints the time from each
// monitor's deciding check to each message's arrival (p50/p99/max, and p99 per type) and counts
// lost and duplicated deliveries.
//   BENCH_MONITORS=1000  BENCH_INTERVAL_SECONDS=30  BENCH_FAILURE_THRESHOLD=1  npm run bench:alerts
//   BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL instead of SQLite.
//   BENCH_BURST=1 checks every monitor the moment the target goes down, so all 1,000 alerts are
//   decided within a second or two instead of across one interval.
//   BENCH_CHANNELS=webhook sends to the signed webhook alone.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createNetworkAccess } from "@upwatch/checks";
import { type AlertChannel, httpOptionsSchema } from "@upwatch/core";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { AlertEngine } from "../apps/server/src/alerting/index.ts";
import { CheckIntake } from "../apps/server/src/check-intake/check-intake.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { MonitoringEngine } from "../apps/server/src/engine/monitoring-engine.ts";
import { DeliveryAttempts } from "../apps/server/src/notifications/delivery-log.ts";
import { NotificationWorker } from "../apps/server/src/notifications/notification-worker.ts";
import { providerClients } from "../apps/server/src/notifications/provider-clients.ts";
import { monitorFromRow } from "../apps/server/src/records/monitor-record.ts";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { sealChannel } from "../apps/server/src/services/channels/channel-record.ts";
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
  /** The webhook's id; the stand-ins of other services have none. */
  id: string | null;
  type: string;
  monitorId: string | null;
  event: string;
  at: number;
}

type ServiceChannel = Exclude<AlertChannel, "email" | "sms" | "webhook">;

/**
 * Each service's channel settings, and the server settings, pointing at the stand-in at `base`
 * (`http://127.0.0.1:PORT`); a channel type added to the product without a line here does not
 * compile.
 */
function serviceChannels(base: string): Record<ServiceChannel, Record<string, string>> {
  return {
    slack: { url: `${base}/slack/services/T0/B0/x` },
    discord: { url: `${base}/discord/api/webhooks/1/x` },
    mattermost: { url: `${base}/mattermost/hooks/x` },
    "microsoft-teams": { url: `${base}/microsoft-teams/workflows/x` },
    "google-chat": { url: `${base}/google-chat/v1/spaces/x/messages` },
    telegram: { chat_id: "-100123456", bot_token: "123456:bench-token-bench-token-bench" },
    matrix: { homeserver: `${base}/matrix`, access_token: "syt_bench_token", room_id: "!bench:x" },
    ntfy: { server: `${base}/ntfy`, topic: "bench" },
    pushover: { app_token: "a".repeat(30), user_key: "u".repeat(30) },
    gotify: { server: `${base}/gotify`, app_token: "AbenchTokenX" },
    pagerduty: { routing_key: "r".repeat(32) },
    opsgenie: { api_key: "bench-opsgenie-api-key", region: "us" },
  };
}

/** The server settings that send the services with one public address to their stand-ins. */
function serviceAddresses(base: string): NodeJS.ProcessEnv {
  return {
    TELEGRAM_API_URL: `${base}/telegram`,
    PUSHOVER_API_URL: `${base}/pushover`,
    PAGERDUTY_EVENTS_URL: `${base}/pagerduty/v2/enqueue`,
    OPSGENIE_API_URL: `${base}/opsgenie`,
    OPSGENIE_EU_API_URL: `${base}/opsgenie`,
  };
}

const SERVICES_TOO = process.env.BENCH_CHANNELS !== "webhook";

const percentile = (sorted: number[], fraction: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startFarSide(secret: string) {
  const child = endWithBenchmark(
    fork(new URL("./alert-receiver.mjs", import.meta.url), [secret, ...TARGET_ADDRESSES], {
      stdio: "inherit",
    }),
  );
  const ports = await new Promise<{
    targetPorts: number[];
    hookPort: number;
    servicePort: number;
  }>((resolve) => child.once("message", resolve as never));
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
  const secrets = new SecretBox(generateSecretsKey());
  const serviceBase = `http://127.0.0.1:${far.servicePort}`;
  const services = SERVICES_TOO ? Object.entries(serviceChannels(serviceBase)) : [];
  for (const [type, config] of services) {
    const id = `chn_bench_${type}`;
    await db
      .insertInto("channels")
      .values(
        sealChannel(
          {
            id,
            account_id: "acc_bench",
            type,
            name: `Receiver ${type}`,
            config: JSON.stringify(config),
            secret: null,
            attach_to_new_monitors: 1,
            created_at: at,
            updated_at: at,
            confirmed_at: at,
            confirmation_token_hash: null,
            confirmation_sent_at: null,
          },
          secrets,
        ),
      )
      .execute();
  }
  const channelIds = ["chn_bench", ...services.map(([type]) => `chn_bench_${type}`)];
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
      .values(
        ids.flatMap((id) => channelIds.map((channel) => ({ monitor_id: id, channel_id: channel }))),
      )
      .execute();
  }

  const silent = { info: () => {}, warn: () => {}, error: (o: object) => console.error(o) };
  const ctx = createServiceContext(db, secrets);
  const network = createNetworkAccess({ allowPrivateTargets: true });
  const clients = providerClients(loadConfig(serviceAddresses(serviceBase)));
  const worker = new NotificationWorker({
    ctx,
    deps: { network, clients },
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
  const expected = MONITORS * channelIds.length;
  while (Date.now() < deadline) {
    const alerted = new Set(
      report.received
        .filter((r) => r.event === "monitor.down")
        .map((r) => `${r.type} ${r.monitorId}`),
    );
    if (alerted.size >= expected) break;
    await sleep(1000);
    report = await far.report();
  }
  await sleep(smokeOr(500, 3000));
  report = await far.report();
  await engine.stop();
  await alerts.stop();
  await worker.stop();

  const down = report.received.filter((r) => r.event === "monitor.down");
  const types = ["webhook", ...services.map(([type]) => type)];
  const firstArrival = new Map<string, number>();
  for (const r of down) {
    const key = `${r.type} ${r.monitorId}`;
    if (!firstArrival.has(key)) firstArrival.set(key, r.at);
  }
  const latenciesOf = (type: string) =>
    [...decidedAt]
      .flatMap(([monitor, decided]) => {
        const arrived = firstArrival.get(`${type} ${monitor}`);
        return arrived === undefined ? [] : [arrived - decided];
      })
      .sort((a, b) => a - b);
  const latencies = types.flatMap(latenciesOf).sort((a, b) => a - b);
  const ids = report.received.flatMap((r) => (r.id === null ? [] : [r.id]));
  const duplicatedIds = ids.length - new Set(ids).size;
  const duplicatedAlerts = down.length - firstArrival.size;
  const unnamed = down.filter((r) => r.monitorId === null).length;
  const lost = types.reduce(
    (sum, type) =>
      sum + [...decidedAt.keys()].filter((m) => !firstArrival.has(`${type} ${m}`)).length,
    0,
  );
  const perType = types.map((type) => `${type} ${percentile(latenciesOf(type), 0.99)}`).join(", ");
  const log = await db
    .selectFrom("notification_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const met =
    percentile(latencies, 0.99) < 2000 &&
    lost === 0 &&
    unnamed === 0 &&
    duplicatedIds + duplicatedAlerts === 0;
  console.log(
    [
      `database ${database.dialect}${BURST ? ", every check at once" : `, checks spread over ${INTERVAL_S} s`}`,
      `${types.length} channel type${types.length === 1 ? "" : "s"} on every monitor: ${types.join(", ")}`,
      `${decidedAt.size} monitors decided down, ${firstArrival.size} of ${decidedAt.size * types.length} messages received`,
      `deciding check -> message received: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies.at(-1) ?? 0} ms`,
      `p99 by type (ms): ${perType}`,
      `lost ${lost}, duplicated ${duplicatedIds + duplicatedAlerts}, naming no monitor ${unnamed}, bad signatures ${report.badSignatures}`,
      `delivery log: ${log.map((row) => `${row.status} ${row.n}`).join(", ")}`,
      `machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      `target: p99 under 2,000 ms, 0 lost, 0 duplicated -> ${met ? "met" : "NOT met"}`,
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
