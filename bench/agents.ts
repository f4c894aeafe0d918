// Agents at scale: `npm run bench:agents [-- --minutes 3] [--agents 10000] [--monitors 1000]`.
// Fills a fresh SQLite database with an Enterprise account of 10,000 agents and 1,000 HTTP
// monitors at 60 s against a loopback target, starts the built server on it, and from two load
// generator processes has every agent report every 60 s and poll for tasks every 30 s, spread
// evenly. After a minute of warm-up it prints reports/s and polls/s, their latency p50/p99 as the
// agents see it, the server's CPU and memory, and the schedule lag of the checks run meanwhile.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { generateAgentKey } from "../apps/server/src/services/agents/agent-key-format.ts";
import { freePort } from "../apps/web/e2e/support/server.ts";
import { ensureBuild } from "../scripts/build.mjs";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { startBuiltServer } from "./built-server.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { startLoopbackTarget } from "./loopback-target.ts";
import { percentile } from "./percentile.ts";
import { ProcessUsage } from "./process-usage.ts";
import { smokeOr } from "./smoke.ts";

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: smokeOr("0.1", "3") },
    agents: { type: "string", default: smokeOr("10", "10000") },
    monitors: { type: "string", default: smokeOr("5", "1000") },
    generators: { type: "string", default: smokeOr("1", "2") },
  },
});
const MINUTES = Number(flags.minutes);
const AGENTS = Number(flags.agents);
const MONITORS = Number(flags.monitors);
const GENERATORS = Number(flags.generators);
const WARMUP_MS = smokeOr(2_000, 60_000);
const TARGETS = { ingestP99Ms: 50, lagP99Ms: 1000 };

async function fillDatabase(dataDir: string, targetPort: number): Promise<string[]> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const now = Date.now();
  await database.db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: now })
    .execute();
  for (let first = 0; first < MONITORS; first += 500) {
    const rows = [];
    for (let i = first; i < Math.min(MONITORS, first + 500); i += 1) {
      rows.push(
        benchMonitorRow(`mon_bench_${i}`, "acc_bench", {
          target: `http://127.0.0.1:${targetPort}/`,
          region: "us-west-1",
          timeout_seconds: 10,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    await database.db.insertInto("monitors").values(rows).execute();
  }
  const keys: string[] = [];
  for (let first = 0; first < AGENTS; first += 500) {
    const rows = [];
    for (let i = first; i < Math.min(AGENTS, first + 500); i += 1) {
      const key = generateAgentKey();
      keys.push(key.key);
      rows.push({
        id: `agt_bench_${i}`,
        account_id: "acc_bench",
        name: `host-${i}`,
        os: "linux",
        key_lookup: key.lookup,
        key_hash: key.hash,
        key_created_at: now,
        key_revoked_at: null,
        offline_after_minutes: 5,
        hostname: null,
        platform: null,
        arch: null,
        version: null,
        capabilities: "[]",
        reported_config: null,
        latest_report: null,
        first_report_at: null,
        last_report_at: null,
        offline_since: null,
        created_at: now,
        updated_at: now,
      });
    }
    await database.db.insertInto("agents").values(rows).execute();
  }
  await database.close();
  return keys;
}

interface GeneratorResult {
  latencies: { report: number[]; poll: number[] };
  statuses: Record<string, number>;
  cpuMs: number;
}

function runGenerator(
  url: string,
  keys: string[],
  offset: number,
  window: { measureFrom: number; measureTo: number; endAt: number },
): Promise<GeneratorResult> {
  const child = endWithBenchmark(
    fork(new URL("./agent-load.mjs", import.meta.url), [], { stdio: "inherit" }),
  );
  child.send({ url, keys, offset, total: AGENTS, ...window });
  return new Promise((resolve) => child.once("message", resolve as never));
}

/** The server's own count of report answers: all, and those within 50 ms (its histogram). */
async function serverReportTimes(metricsUrl: string): Promise<{ all: number; within50: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    all: value(
      /^upwatch_http_request_duration_seconds_count\{[^}]*route="\/agent\/v1\/reports"[^}]*\} (\d+)/m,
    ),
    within50: value(
      /^upwatch_http_request_duration_seconds_bucket\{le="0\.05",[^}]*route="\/agent\/v1\/reports"[^}]*\} (\d+)/m,
    ),
  };
}

async function scheduleLag(dataDir: string, from: number, to: number) {
  const database = openDatabase({ dataDir });
  const rows = await database.db
    .selectFrom("check_results")
    .select(["planned_at", "checked_at"])
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  const samples = await database.db
    .selectFrom("agent_samples")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  await database.close();
  const lags = rows.map((r) => Math.max(0, r.checked_at - r.planned_at)).sort((a, b) => a - b);
  return {
    checks: lags.length,
    p50: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    max: lags.at(-1) ?? 0,
    samples: Number(samples.n),
  };
}

await ensureBuild();
const target = await startLoopbackTarget();
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-agents-"));
try {
  const keys = await fillDatabase(dataDir, target.port);
  const metricsPort = await freePort();
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const server = await startBuiltServer(dataDir, {
    ALLOW_PRIVATE_TARGETS: "true",
    METRICS_PORT: String(metricsPort),
  });
  const usage = new ProcessUsage();
  usage.watch("server", server.pid);
  const start = Date.now();
  const window = {
    measureFrom: start + WARMUP_MS,
    measureTo: start + MINUTES * 60_000,
    endAt: start + MINUTES * 60_000,
  };
  console.log(
    `${AGENTS} agents reporting every 60 s and polling every 30 s from ${GENERATORS} processes, ${MONITORS} HTTP monitors at 60 s; ${MINUTES} min, the first minute warm-up; SQLite, Node ${process.version}`,
  );
  const per = Math.ceil(AGENTS / GENERATORS);
  const runs = Array.from({ length: GENERATORS }, (_, g) =>
    runGenerator(server.url, keys.slice(g * per, (g + 1) * per), g * per, window),
  );
  let before = { all: 0, within50: 0 };
  setTimeout(() => {
    usage.start();
    void serverReportTimes(metricsUrl).then((times) => {
      before = times;
    });
  }, WARMUP_MS);
  const results = await Promise.all(runs);
  usage.stop();
  const after = await serverReportTimes(metricsUrl);
  await server.stop();
  const lag = await scheduleLag(dataDir, window.measureFrom, window.measureTo - 15_000);
  const seconds = (window.measureTo - window.measureFrom) / 1000;
  const reports = results.flatMap((r) => r.latencies.report).sort((a, b) => a - b);
  const polls = results.flatMap((r) => r.latencies.poll).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `reports ${(reports.length / seconds).toFixed(1)}/s  ingest p50 ${ms(percentile(reports, 0.5))}  p99 ${ms(percentile(reports, 0.99))}  max ${ms(reports.at(-1) ?? 0)}`,
  );
  console.log(
    `polls   ${(polls.length / seconds).toFixed(1)}/s  poll   p50 ${ms(percentile(polls, 0.5))}  p99 ${ms(percentile(polls, 0.99))}  max ${ms(polls.at(-1) ?? 0)}`,
  );
  const served = after.all - before.all;
  console.log(
    `the server's own timing: ${(((after.within50 - before.within50) / Math.max(1, served)) * 100).toFixed(2)}% of ${served} reports answered within 50 ms`,
  );
  console.log(`answers over the whole run: ${JSON.stringify(statuses)}`);
  console.log(usage.lines().join("\n"));
  console.log(
    `check schedule lag of ${lag.checks} checks: p50 ${lag.p50} ms  p99 ${lag.p99} ms  max ${lag.max} ms;  ${lag.samples} agent samples stored`,
  );
  console.log(`machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  const met = percentile(reports, 0.99) < TARGETS.ingestP99Ms && lag.p99 < TARGETS.lagP99Ms;
  console.log(
    met
      ? `Targets met: ingest p99 under ${TARGETS.ingestP99Ms} ms, check lag p99 under ${TARGETS.lagP99Ms} ms.`
      : `Targets missed: ingest p99 under ${TARGETS.ingestP99Ms} ms, check lag p99 under ${TARGETS.lagP99Ms} ms.`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
