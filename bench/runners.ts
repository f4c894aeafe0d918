// Checks from runner regions at scale: `npm run bench:runners [-- --minutes 3] [--monitors 50000]
// [--kill-runner-at <seconds>]`. Fills a fresh SQLite database with HTTP monitors at 60 s, half
// in eu-west-1 and half in ap-southeast-2, then starts as separate processes a broker (its own
// redis-server), the built server (LOCAL_REGION=none: every check goes through the broker) and a
// runner per region, all against one local HTTP target. Over the measured window it prints
// checks/s, the lag from planned time to stored result (p50/p99/max), lost and duplicated
// checks, and CPU and memory per process. `--kill-runner-at` kills the eu-west-1 runner with
// SIGKILL that many seconds into the window and starts it again 5 s later. `--one-region` puts
// every monitor in eu-west-1 with both runners serving it, so a killed runner's region keeps one.
import { type ChildProcess, fork, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { httpOptionsSchema } from "@upwatch/core";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { freePort } from "../apps/web/e2e/support/server.ts";
import { ensureBuild } from "../scripts/build.mjs";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { ProcessUsage } from "./process-usage.ts";
import { HORIZON_MS, ResultLag } from "./result-lag.ts";
import { accountRounds } from "./round-accounting.ts";
import { smokeOr } from "./smoke.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: smokeOr("0.05", "3") },
    monitors: { type: "string", default: smokeOr("10", "50000") },
    "kill-runner-at": { type: "string" },
    "one-region": { type: "boolean", default: false },
  },
});
const MINUTES = Number(flags.minutes);
const MONITORS = Number(flags.monitors);
const KILL_AT_S =
  flags["kill-runner-at"] === undefined ? undefined : Number(flags["kill-runner-at"]);
const INTERVAL_MS = 60_000;
const TIMEOUT_SECONDS = 5;
// A round closes at its planned time + timeout + 15 s; a little more and every round of the
// window has its result or its missed record.
const SETTLE_MS = smokeOr(2_000, (TIMEOUT_SECONDS + 15 + 10) * 1000);
const WARMUP_MS = smokeOr(2_000, 30_000);
const RESTART_AFTER_MS = 5_000;
const REGIONS: readonly string[] = flags["one-region"]
  ? ["eu-west-1"]
  : ["eu-west-1", "ap-southeast-2"];
/** The runner processes: one per region, or two for the one region. */
const RUNNERS: readonly { name: string; region: string }[] = flags["one-region"]
  ? [
      { name: "eu-west-1 a", region: "eu-west-1" },
      { name: "eu-west-1 b", region: "eu-west-1" },
    ]
  : REGIONS.map((region) => ({ name: region, region }));
const KILLED = RUNNERS[0]!;
const TARGET_ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 1}`);
const SECRETS_KEY = "YmVuY2ggcnVubmVycyBrZXkgZm9yIGJlbmNoIG9ubHk=";
const LAG_TARGET_MS = 2_000;
/** How long before its kill a killed runner may have taken jobs it had not reported yet. */
const IN_HAND_MS = 2_000;
/** A runner does not start a check later than this after its planned time. */
const START_WITHIN_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], fraction: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!
    : 0;
}

/** Starts a process of the run; its output goes to this terminal only when it fails. */
function start(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const child = endWithBenchmark(
    spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.once("exit", (code, signal) => {
    if (code && code !== 0) console.error(`${name} exited with ${code}:\n${output}`);
    else if (signal && signal !== "SIGKILL" && signal !== "SIGTERM") {
      console.error(`${name} ended by ${signal}:\n${output}`);
    }
  });
  return { child, output: () => output };
}

async function waitUntil(what: string, probe: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(probe)
        .catch(() => false)
    )
      return;
    await pause(250);
  }
  throw new Error(`Waited ${timeoutMs / 1000} s for ${what}, in vain.`);
}

async function startTarget(): Promise<{ ports: number[]; child: ChildProcess }> {
  const child = endWithBenchmark(
    fork(new URL("./http-target.mjs", import.meta.url), TARGET_ADDRESSES, { stdio: "inherit" }),
  );
  const { ports } = await new Promise<{ ports: number[] }>((resolve) =>
    child.once("message", resolve as never),
  );
  return { ports, child };
}

async function fillDatabase(dataDir: string, ports: number[]): Promise<void> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  await database.db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: Date.now() })
    .execute();
  const options = JSON.stringify(httpOptionsSchema.parse({}));
  for (let first = 0; first < MONITORS; first += 500) {
    const rows = [];
    for (let index = first; index < Math.min(MONITORS, first + 500); index += 1) {
      const region = REGIONS[index % REGIONS.length]!;
      const host = TARGET_ADDRESSES[index % TARGET_ADDRESSES.length]!;
      const port = ports[index % ports.length]!;
      rows.push(
        benchMonitorRow(`mon_runners_${index}`, "acc_bench", {
          target: `http://${host}:${port}/health`,
          timeout_seconds: TIMEOUT_SECONDS,
          region,
          regions: JSON.stringify([region]),
          options,
        }),
      );
    }
    await database.db.insertInto("monitors").values(rows).execute();
  }
  await database.close();
}

function issueRunnerToken(dataDir: string, region: string): string {
  const result = spawnSync(
    process.execPath,
    ["apps/server/dist/admin.js", "runner", "add", "--name", `bench ${region}`, "--region", region],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SECRETS_KEY },
      encoding: "utf8",
    },
  );
  const token = /\bupr_\S+/.exec(result.stdout)?.[0];
  if (!token)
    throw new Error(`No runner token from the admin command:\n${result.stdout}${result.stderr}`);
  return token;
}

function startRunner(region: string, token: string, brokerUrl: string) {
  return start(
    `the ${region} runner`,
    process.execPath,
    ["apps/runner/dist/runner.js", "--region", region],
    {
      BROKER_URL: brokerUrl,
      RUNNER_TOKEN: token,
      ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "warn",
    },
  );
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** "p50 … p99 … max …" of sorted lags; `unseen` results seen too late count as the horizon. */
function lagLine(title: string, lags: number[], unseen: number, note = ""): string {
  const all = unseen
    ? [...lags, ...Array<number>(unseen).fill(HORIZON_MS)].sort((a, b) => a - b)
    : lags;
  const notes = [
    unseen
      ? `${unseen} results seen later than ${HORIZON_MS / 1000} s counted as ${HORIZON_MS / 1000} s`
      : "",
    note,
  ].filter(Boolean);
  return `  ${title.padEnd(19)} p50 ${seconds(percentile(all, 0.5))}  p99 ${seconds(percentile(all, 0.99))}  max ${seconds(all.at(-1) ?? 0)}${notes.length ? ` (${notes.join("; ")})` : ""}`;
}

async function main(): Promise<void> {
  await ensureBuild({ parts: ["web", "server", "runner"] });
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-runners-"));
  const usage = new ProcessUsage();
  try {
    const target = await startTarget();
    usage.watch("HTTP target", target.child.pid!);
    console.log(
      `Filling a fresh SQLite database with ${MONITORS.toLocaleString("en")} monitors...`,
    );
    await fillDatabase(dataDir, target.ports);

    const redisPort = await freePort();
    const redis = start("the broker (redis-server)", "redis-server", [
      "--port",
      String(redisPort),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ]);
    await waitUntil(
      "the broker",
      () => redis.output().includes("Ready to accept connections"),
      15_000,
    );
    usage.watch("broker (redis-server)", redis.child.pid!);
    const brokerUrl = `redis://127.0.0.1:${redisPort}`;

    const tokens = Object.fromEntries(
      RUNNERS.map(({ name, region }) => [name, issueRunnerToken(dataDir, region)]),
    );
    const port = await freePort();
    const server = start("the server", process.execPath, ["apps/server/dist/main.js"], {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SECRETS_KEY,
      BROKER_URL: brokerUrl,
      LOCAL_REGION: "none",
      ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "warn",
    });
    await waitUntil(
      "the server",
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
      120_000,
    );
    usage.watch("server (leader)", server.child.pid!);
    const runners = new Map(
      RUNNERS.map(({ name, region }) => [name, startRunner(region, tokens[name]!, brokerUrl)]),
    );
    for (const [name, runner] of runners) usage.watch(`runner ${name}`, runner.child.pid!);

    const reader = openDatabase({ dataDir });
    const lag = new ResultLag(reader.db, INTERVAL_MS);
    const from = Date.now() + WARMUP_MS;
    const to = from + MINUTES * 60_000;
    lag.start(from, to);
    console.log(
      `Warming up ${WARMUP_MS / 1000} s, then measuring ${MINUTES} min${KILL_AT_S === undefined ? "" : `, killing the ${KILLED.name} runner at ${KILL_AT_S} s`}...`,
    );
    await pause(from - Date.now());
    usage.start();
    let downtime: { from: number; to: number } | undefined;
    if (KILL_AT_S !== undefined) {
      await pause(KILL_AT_S * 1000);
      const killed = runners.get(KILLED.name)!;
      killed.child.kill("SIGKILL");
      const killedAt = Date.now();
      console.log(
        `Killed the ${KILLED.name} runner at ${KILL_AT_S} s; starting it again in ${RESTART_AFTER_MS / 1000} s.`,
      );
      await pause(RESTART_AFTER_MS);
      const restarted = startRunner(KILLED.region, tokens[KILLED.name]!, brokerUrl);
      runners.set(KILLED.name, restarted);
      usage.watch(`runner ${KILLED.name}`, restarted.child.pid!);
      // The killed runner held the checks of the last moments before the kill, and checks
      // planned until 10 s after the restart wait for the restarted runner (which may still
      // start them): their lag includes the downtime.
      downtime = { from: killedAt - IN_HAND_MS, to: Date.now() + START_WITHIN_MS };
    }
    await pause(Math.max(0, to - Date.now()));
    usage.stop();
    console.log(`Window over; waiting ${SETTLE_MS / 1000} s for its last rounds to close...`);
    await pause(SETTLE_MS);
    await lag.stop();
    const rounds = await accountRounds(reader.db, INTERVAL_MS, from, to);
    await reader.close();

    const lags = lag.sorted();
    const unseen = Math.max(0, rounds.stored - lags.length);
    console.log("");
    console.log(
      `${MONITORS.toLocaleString("en")} HTTP monitors every ${INTERVAL_MS / 1000} s from ${REGIONS.join(" and ")} (runners: ${RUNNERS.map((r) => r.name).join(", ")}), ${MINUTES} min measured, SQLite, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.log(
      `  checks/s            ${(rounds.stored / (MINUTES * 60)).toFixed(1)} stored (planned ${(rounds.planned / (MINUTES * 60)).toFixed(1)})`,
    );
    console.log(lagLine("lag planned→stored", lags, unseen));
    if (downtime) {
      console.log(
        lagLine(
          "  without the downtime",
          lag.sorted(downtime),
          0,
          `checks planned from ${IN_HAND_MS / 1000} s before the kill to ${START_WITHIN_MS / 1000} s after the restart left out`,
        ),
      );
    }
    console.log(
      `  planned checks      ${rounds.planned}: ${rounds.stored} stored, ${rounds.missed} recorded as missed`,
    );
    console.log(
      `  lost                ${rounds.lost}${rounds.lostExamples.length ? ` (e.g. ${rounds.lostExamples.join(", ")})` : ""}`,
    );
    console.log(`  duplicated          ${rounds.duplicated}`);
    for (const line of usage.lines()) console.log(line);
    const p99 = percentile(lags, 0.99);
    const met = p99 < LAG_TARGET_MS && unseen === 0 && rounds.lost === 0 && rounds.duplicated === 0;
    console.log(
      met
        ? "Targets met: p99 < 2 s, 0 lost, 0 duplicated."
        : "Targets NOT met (p99 < 2 s, 0 lost, 0 duplicated).",
    );

    for (const runner of runners.values()) runner.child.kill("SIGTERM");
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    redis.child.kill("SIGTERM");
    target.child.send("stop");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
