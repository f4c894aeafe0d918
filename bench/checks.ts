// Runs N HTTP monitors at a fixed interval through the real engine (scheduler, runners, network
// guard, batched writes to SQLite) against a local HTTP target in its own process, then prints
// checks/s, schedule lag (actual minus planned start) p50/p99/max, CPU and peak memory.
//   BENCH_MONITORS=10000,15000  BENCH_INTERVAL_SECONDS=60  BENCH_SECONDS=120  npm run bench:checks
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type CheckReport, createNetworkAccess } from "@upwatch/checks";
import { httpOptionsSchema } from "@upwatch/core";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { MonitoringEngine } from "../apps/server/src/engine/monitoring-engine.ts";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const COUNTS = (process.env.BENCH_MONITORS ?? smokeOr("20", "10000")).split(",").map(Number);
const INTERVAL_S = Number(process.env.BENCH_INTERVAL_SECONDS ?? smokeOr(2, 60));
const WINDOW_S = Number(process.env.BENCH_SECONDS ?? smokeOr(2, 120));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 500);
const WARMUP_MS = smokeOr(1_000, 5_000);
const LAG_TARGET_MS = 1000;
const TARGET_ADDRESSES = Array.from({ length: 16 }, (_, i) => `127.0.0.${i + 1}`);

function percentile(sorted: number[], fraction: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!
    : 0;
}

async function startTarget() {
  const child = endWithBenchmark(
    fork(new URL("./http-target.mjs", import.meta.url), TARGET_ADDRESSES, { stdio: "inherit" }),
  );
  const { ports } = await new Promise<{ ports: number[] }>((resolve) =>
    child.once("message", resolve as never),
  );
  const stop = () =>
    new Promise<number>((resolve) => {
      child.once("message", (message: { cpuMs: number }) => resolve(message.cpuMs));
      child.send("stop");
    });
  return { ports, stop };
}

async function runOnce(monitors: number) {
  const target = await startTarget();
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-checks-"));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const at = Date.now();
  await database.db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: at })
    .execute();
  const options = JSON.stringify(httpOptionsSchema.parse({}));
  for (let start = 0; start < monitors; start += 500) {
    const rows = [];
    for (let index = start; index < Math.min(monitors, start + 500); index++) {
      const host = TARGET_ADDRESSES[index % TARGET_ADDRESSES.length]!;
      const port = target.ports[index % target.ports.length]!;
      rows.push({
        id: `mon_bench_${index}`,
        account_id: "acc_bench",
        name: `Bench ${index}`,
        type: "http",
        target: `http://${host}:${port}/health`,
        interval_seconds: INTERVAL_S,
        timeout_seconds: 10,
        region: "us-west-1",
        failure_threshold: 3,
        recovery_confirmations: 1,
        paused: 0,
        options,
        state: "unknown",
        consecutive_failures: 0,
        consecutive_successes: 0,
        last_checked_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    await database.db.insertInto("monitors").values(rows).execute();
  }

  const lags: number[] = [];
  let down = 0;
  let measuring = false;
  const silent = { info: () => {}, warn: () => {}, error: (o: object) => console.error(o) };
  const engine = new MonitoringEngine({
    db: database.db,
    secrets: new SecretBox(generateSecretsKey()),
    network: createNetworkAccess({ allowPrivateTargets: true }),
    concurrency: CONCURRENCY,
    log: silent,
    observe: (report: CheckReport) => {
      if (!measuring) return;
      lags.push(report.startedAt - report.plannedAt);
      if (report.outcome.status === "down") down += 1;
    },
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  await engine.start();
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  measuring = true;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
  measuring = false;
  loop.disable();
  const cpu = process.cpuUsage(cpuStart);
  const wallMs = performance.now() - wallStart;
  await engine.stop();
  clearInterval(sampler);
  const targetCpuMs = await target.stop();
  const stored = await database.db
    .selectFrom("check_results")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  lags.sort((a, b) => a - b);
  const result = {
    monitors,
    checksPerSecond: lags.length / (wallMs / 1000),
    expectedPerSecond: monitors / INTERVAL_S,
    p50: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    max: lags.at(-1) ?? 0,
    down,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    targetCpuPercent: (targetCpuMs / wallMs) * 100,
    peakRssMb: Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
    stored: Number(stored.n),
  };
  console.log(
    [
      `${String(monitors).padStart(6)} monitors`,
      `${result.checksPerSecond.toFixed(1)} checks/s (planned ${result.expectedPerSecond.toFixed(1)})`,
      `lag p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms`,
      `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
      `down ${down}`,
      `engine CPU ${result.cpuPercent.toFixed(0)}% of a core, target ${result.targetCpuPercent.toFixed(0)}%`,
      `peak RSS ${result.peakRssMb.toFixed(0)} MB`,
      `${result.stored} results stored`,
      `machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    ].join("  |  "),
  );
  return result;
}

console.log(
  `HTTP monitors every ${INTERVAL_S} s, ${WINDOW_S} s measured after ${WARMUP_MS / 1000} s warm-up, concurrency ${CONCURRENCY}, SQLite storage, Node ${process.version}`,
);
const results = [];
for (const count of COUNTS) results.push(await runOnce(count));
const meeting = results.filter((r) => r.p99 < LAG_TARGET_MS && r.peakRssMb < 512 && r.down === 0);
console.log(
  meeting.length
    ? `Largest N meeting p99 lag < ${LAG_TARGET_MS} ms, peak memory < 512 MB and no failed checks: ${Math.max(...meeting.map((r) => r.monitors))}`
    : "No run met the targets.",
);
