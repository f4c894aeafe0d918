// Multi-step checks at scale: `npm run bench:multi-step [-- --minutes 3] [--monitors 2000]
// [--scripted 200]`. Fills a fresh SQLite database with multi-step monitors at 60 s (four steps:
// log in, extract the token, list orders with it, assert the status; the scripted ones add a
// script step) referring to a secure variable, and runs them through the real engine (scheduler,
// step runner, script sandbox, network guard, batched writes) against a local JSON API in its
// own process. Prints runs/s, schedule lag p50/p99, script step duration p50/p99, and the
// median CPU and memory of the engine's process, against the targets.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type CheckReport, closeScriptSandbox, createNetworkAccess } from "@upwatch/checks";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { MonitoringEngine } from "../apps/server/src/engine/monitoring-engine.ts";
import { placeOf, SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: smokeOr("0.05", "3") },
    monitors: { type: "string", default: smokeOr("10", "2000") },
    scripted: { type: "string", default: smokeOr("2", "200") },
  },
});
const MINUTES = Number(flags.minutes);
const PLAIN = Number(flags.monitors);
const SCRIPTED = Number(flags.scripted);
const INTERVAL_S = smokeOr(2, 60);
const WARMUP_MS = smokeOr(1_000, 10_000);
const CONCURRENCY = 500;
const TARGET_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 1}`);
const TARGETS = { lagP99Ms: 1000, scriptP99Ms: 20, memoryMb: 512 };

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! : 0;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

async function startTarget() {
  const child = endWithBenchmark(
    fork(new URL("./multi-step-target.mjs", import.meta.url), TARGET_ADDRESSES, {
      stdio: "inherit",
    }),
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

/** The steps of one monitor: request, extract, request, assertion; plus a script if asked. */
function optionsOf(baseUrl: string, scripted: boolean) {
  const steps: Record<string, unknown>[] = [
    {
      name: "login",
      type: "http_request",
      order_index: 1,
      config: {
        method: "POST",
        url: "{{base_url}}/v1/auth/login",
        headers: { "Content-Type": "application/json", "X-Api-Key": "{{api_key}}" },
        body: '{"email": "bench@example.com"}',
      },
    },
    {
      name: "extract_token",
      type: "extract",
      order_index: 2,
      config: { from: "body", path: "$.data.token", to_variable: "token" },
    },
    {
      name: "list_orders",
      type: "http_request",
      order_index: 4,
      config: {
        method: "GET",
        url: "{{base_url}}/v1/orders?since={{today}}",
        headers: { Authorization: "Bearer {{token}}" },
        body: null,
      },
    },
    {
      name: "orders_status",
      type: "assertion",
      order_index: 5,
      config: { type: "status_code", operator: "equals", expected: 200 },
    },
  ];
  const variables: Record<string, string> = {
    base_url: baseUrl,
    api_key: "secure:bench_api_key",
    today: "2026-01-01",
  };
  if (scripted) {
    steps.splice(2, 0, {
      name: "today",
      type: "script",
      order_index: 3,
      config: { source: "vars.today = new Date().toISOString().slice(0, 10);" },
    });
  }
  return { variables, steps };
}

async function main() {
  const target = await startTarget();
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-multi-step-"));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const secrets = new SecretBox(generateSecretsKey());
  const at = Date.now();
  await database.db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: at })
    .execute();
  await database.db
    .insertInto("secure_variables")
    .values({
      id: "sv_bench",
      account_id: "acc_bench",
      name: "bench_api_key",
      value: secrets.seal("bench-key-value", placeOf("secure_variables", "value", "sv_bench")),
      created_at: at,
      updated_at: at,
    })
    .execute();
  const total = PLAIN + SCRIPTED;
  for (let start = 0; start < total; start += 200) {
    const rows = [];
    for (let index = start; index < Math.min(total, start + 200); index++) {
      const host = TARGET_ADDRESSES[index % TARGET_ADDRESSES.length]!;
      const port = target.ports[index % target.ports.length]!;
      const baseUrl = `http://${host}:${port}`;
      rows.push(
        benchMonitorRow(`mon_bench_${index}`, "acc_bench", {
          type: "multi_step",
          target: `${baseUrl}/v1/auth/login`,
          interval_seconds: INTERVAL_S,
          timeout_seconds: 10,
          region: "us-west-1",
          options: JSON.stringify(optionsOf(baseUrl, index >= PLAIN)),
          created_at: at,
          updated_at: at,
        }),
      );
    }
    await database.db.insertInto("monitors").values(rows).execute();
  }

  const lags: number[] = [];
  const scriptMs: number[] = [];
  const failures = new Map<string, number>();
  let runs = 0;
  let measuring = false;
  const quiet = { info: () => {}, warn: () => {}, error: (o: object) => console.error(o) };
  const engine = new MonitoringEngine({
    db: database.db,
    secrets,
    network: createNetworkAccess({ allowPrivateTargets: true }),
    concurrency: CONCURRENCY,
    log: quiet,
    observe: (report: CheckReport) => {
      if (!measuring) return;
      runs += 1;
      lags.push(report.startedAt - report.plannedAt);
      for (const step of report.outcome.steps ?? []) {
        if (step.type === "script" && step.status !== "skipped") scriptMs.push(step.durationMs);
      }
      if (report.outcome.status === "down") {
        const why = report.outcome.error ?? "down";
        failures.set(why, (failures.get(why) ?? 0) + 1);
      }
    },
  });
  const cpuPercents: number[] = [];
  const rssMb: number[] = [];
  let lastCpu = process.cpuUsage();
  let lastAt = performance.now();
  const sampler = setInterval(() => {
    if (!measuring) return;
    const cpu = process.cpuUsage(lastCpu);
    const now = performance.now();
    cpuPercents.push(((cpu.user + cpu.system) / 1000 / (now - lastAt)) * 100);
    rssMb.push(process.memoryUsage().rss / 2 ** 20);
    lastCpu = process.cpuUsage();
    lastAt = now;
  }, 1000);

  console.log(
    `${total} multi-step monitors (${SCRIPTED} with a script step) at ${INTERVAL_S} s; ` +
      `${MINUTES} min measured after ${WARMUP_MS / 1000} s of warm-up; ` +
      `${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  await engine.start();
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  measuring = true;
  lastCpu = process.cpuUsage();
  lastAt = performance.now();
  const wallStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, MINUTES * 60_000));
  measuring = false;
  const wallMs = performance.now() - wallStart;
  clearInterval(sampler);
  await engine.stop();
  await closeScriptSandbox();
  const targetCpuMs = await target.stop();
  const stored = await database.db
    .selectFrom("check_results")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("steps", "is not", null)
    .executeTakeFirstOrThrow();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  lags.sort((a, b) => a - b);
  scriptMs.sort((a, b) => a - b);
  const lagP99 = percentile(lags, 0.99);
  const scriptP99 = percentile(scriptMs, 0.99);
  const memory = median(rssMb);
  const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.log(
    [
      `runs/s            ${(runs / (wallMs / 1000)).toFixed(1)} (planned ${(total / INTERVAL_S).toFixed(1)})`,
      `schedule lag      p50 ${percentile(lags, 0.5)} ms  p99 ${lagP99} ms  (target < ${TARGETS.lagP99Ms} ms: ${verdict(lagP99 < TARGETS.lagP99Ms)})`,
      `script step       p50 ${percentile(scriptMs, 0.5)} ms  p99 ${scriptP99} ms over ${scriptMs.length} runs  (target < ${TARGETS.scriptP99Ms} ms: ${verdict(scriptMs.length > 0 && scriptP99 < TARGETS.scriptP99Ms)})`,
      `engine CPU        median ${median(cpuPercents).toFixed(0)}% of a core; target API ${((targetCpuMs / wallMs) * 100).toFixed(0)}%`,
      `engine memory     median ${memory.toFixed(0)} MB, peak ${Math.max(0, ...rssMb).toFixed(0)} MB  (target < ${TARGETS.memoryMb} MB: ${verdict(memory < TARGETS.memoryMb)})`,
      `failed runs       ${[...failures.values()].reduce((a, b) => a + b, 0)}`,
      `stored with steps ${stored.n}`,
    ].join("\n"),
  );
  for (const [why, count] of [...failures].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
    console.log(`  ${count} x ${why}`);
  }
}

await main();
