// Proxy monitoring at scale:
//
//   npm run bench:proxy-tasks [-- --minutes 5] [--agents 500] [--monitors-per-agent 20] [--generators 2]
//
// Fills a fresh SQLite database with an Enterprise+ account of 500 proxy-capable agents, each
// running 20 HTTP monitors at 60 s (10,000 tasks a minute) against one loopback target, starts
// the built server on it (its own checks still refuse private targets) and, from `--generators`
// processes (bench/proxy-agent-load.mjs), has every agent speak the agent API as the agent
// program does: poll every 30 s with jitter, say started, run the check, post the result. After a
// minute of warm-up it measures `--minutes` of planned checks, keeps going until the last of
// them is past its deadline, and prints tasks completed a minute, the time from planned_at to
// Completed (p50/p99), lost tasks (planned times without a task, tasks that timed out or
// failed), duplicates (a task handed out again after it started, two checks for one planned
// time), the server's CPU and memory, and whether the targets hold: 0 lost, 0 duplicated, p99
// under 35 s. It asserts nothing. Build first or let it build (`ensureBuild`).
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentTaskDeadline } from "@upwatch/core";
import { ensureBuild } from "../scripts/build.mjs";
import { startBuiltServer } from "./built-server.ts";
import { endWithBenchmark } from "./child-processes.ts";
import { startLoopbackTarget } from "./loopback-target.ts";
import { percentile } from "./percentile.ts";
import { ProcessUsage } from "./process-usage.ts";
import { seedProxyFleet, tallyProxyTasks } from "./proxy-tasks-data.ts";
import { smokeOr } from "./smoke.ts";

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: smokeOr("0.1", "5") },
    agents: { type: "string", default: smokeOr("2", "500") },
    "monitors-per-agent": { type: "string", default: smokeOr("2", "20") },
    generators: { type: "string", default: smokeOr("1", "2") },
  },
});
const MINUTES = Number(flags.minutes);
const AGENTS = Number(flags.agents);
const MONITORS_PER_AGENT = Number(flags["monitors-per-agent"]);
const GENERATORS = Number(flags.generators);
const WARMUP_MS = smokeOr(2_000, 60_000);
const CHECK_TIMEOUT_MS = 10_000;
/** A task planned at the window's end times out by its deadline; the sweeper runs every 5 s. */
const DRAIN_MS = smokeOr(2_000, agentTaskDeadline(0, CHECK_TIMEOUT_MS) + 10_000);
const TARGET_P99_MS = 35_000;

type Answers = Record<string, number>;
interface GeneratorResult {
  counts: {
    polls: Answers;
    started: Answers;
    results: Answers;
    tasksHandedOut: number;
    tasksRun: number;
    handedOutAgainBeforeStart: number;
    handedOutAgainAfterStart: number;
    malformed: number;
    gaveUp: number;
  };
  latencies: { poll: number[]; started: number[]; result: number[] };
  cpuMs: number;
}

function runGenerator(
  url: string,
  targetUrl: string,
  agents: { id: string; key: string }[],
  window: { measureFrom: number; measureTo: number; endAt: number },
): { pid: number; result: Promise<GeneratorResult> } {
  const child = endWithBenchmark(
    fork(new URL("./proxy-agent-load.mjs", import.meta.url), [], { stdio: "inherit" }),
  );
  child.send({ url, targetUrl, agents, ...window });
  return {
    pid: child.pid!,
    result: new Promise((resolve) => child.once("message", resolve as never)),
  };
}

function sumAnswers(all: Answers[]): Answers {
  const total: Answers = {};
  for (const answers of all) {
    for (const [status, count] of Object.entries(answers)) {
      total[status] = (total[status] ?? 0) + count;
    }
  }
  return total;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => `${ms.toFixed(1)} ms`;

await ensureBuild();
const target = await startLoopbackTarget();
const targetUrl = `http://127.0.0.1:${target.port}/health`;
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-proxy-"));
try {
  const fleet = await seedProxyFleet(dataDir, AGENTS, MONITORS_PER_AGENT, targetUrl);
  const server = await startBuiltServer(dataDir, {
    DATABASE_URL: "",
    // Agent-run monitors may check private addresses; the server's own checks still may not.
    ALLOW_PRIVATE_TARGETS: "false",
  });
  const usage = new ProcessUsage();
  usage.watch("server", server.pid);
  const start = Date.now();
  const measureFrom = start + WARMUP_MS;
  const measureTo = measureFrom + MINUTES * 60_000;
  const window = { measureFrom, measureTo, endAt: measureTo + DRAIN_MS };
  console.log(
    `${AGENTS} simulated agents from ${GENERATORS} processes, ${MONITORS_PER_AGENT} HTTP monitors at 60 s each (${AGENTS * MONITORS_PER_AGENT} tasks a minute); ${MINUTES} min measured after 1 min of warm-up, then ${seconds(DRAIN_MS)} for the last tasks to end; SQLite, Node ${process.version}`,
  );
  const per = Math.ceil(AGENTS / GENERATORS);
  const generators = Array.from({ length: GENERATORS }, (_, g) =>
    runGenerator(server.url, targetUrl, fleet.agents.slice(g * per, (g + 1) * per), window),
  );
  generators.forEach((generator, g) => {
    usage.watch(`simulated agents ${g + 1}`, generator.pid);
  });
  setTimeout(() => usage.start(), WARMUP_MS);
  setTimeout(() => usage.stop(), WARMUP_MS + MINUTES * 60_000);
  const results = await Promise.all(generators.map((generator) => generator.result));
  await server.stop();

  const tally = await tallyProxyTasks(dataDir, fleet.monitorIds, measureFrom, measureTo);
  const counts = results.map((result) => result.counts);
  const sum = (pick: (c: GeneratorResult["counts"]) => number) =>
    counts.reduce((total, c) => total + pick(c), 0);
  const latency = (pick: (r: GeneratorResult) => number[]) =>
    results.flatMap(pick).sort((a, b) => a - b);
  const timedOut = tally.states.timeout ?? 0;
  const failed = tally.states.failed ?? 0;
  const stillOpen =
    (tally.states.pending ?? 0) + (tally.states.dispatched ?? 0) + (tally.states.executing ?? 0);
  const lost = tally.missing + timedOut + failed + stillOpen;
  const handedOutAfterStart = sum((c) => c.handedOutAgainAfterStart);
  const duplicated = handedOutAfterStart + tally.doubleChecks;
  const p50 = percentile(tally.delays, 0.5);
  const p99 = percentile(tally.delays, 0.99);

  console.log(
    `tasks completed ${(tally.completedInWindow / MINUTES).toFixed(0)} a minute (of ${AGENTS * MONITORS_PER_AGENT} planned a minute)`,
  );
  console.log(
    `planned_at to Completed: p50 ${seconds(p50)}  p99 ${seconds(p99)}  max ${seconds(tally.delays.at(-1) ?? 0)}  (${tally.delays.length} tasks planned in the window)`,
  );
  console.log(
    `lost ${lost}: ${tally.missing} planned times without a task, ${timedOut} timed out, ${failed} failed, ${stillOpen} still open (of ${tally.planned} planned times, ${tally.tasks} tasks, states ${JSON.stringify(tally.states)})`,
  );
  console.log(
    `duplicated ${duplicated}: ${handedOutAfterStart} tasks handed out again after they started, ${tally.doubleChecks} planned times with two checks (${tally.checks} checks stored)`,
  );
  console.log(
    `  handed out again before they started (allowed): ${sum((c) => c.handedOutAgainBeforeStart)}; tasks handed out by more than one poll: ${tally.dispatchedMoreThanOnce}; malformed tasks: ${sum((c) => c.malformed)}; calls given up at the deadline: ${sum((c) => c.gaveUp)}`,
  );
  const polls = latency((r) => r.latencies.poll);
  const started = latency((r) => r.latencies.started);
  const posted = latency((r) => r.latencies.result);
  console.log(
    `agent API as the agents see it: poll p50 ${millis(percentile(polls, 0.5))} p99 ${millis(percentile(polls, 0.99))}; started p50 ${millis(percentile(started, 0.5))} p99 ${millis(percentile(started, 0.99))}; result p50 ${millis(percentile(posted, 0.5))} p99 ${millis(percentile(posted, 0.99))}`,
  );
  console.log(
    `answers over the whole run: polls ${JSON.stringify(sumAnswers(counts.map((c) => c.polls)))}, started ${JSON.stringify(sumAnswers(counts.map((c) => c.started)))}, results ${JSON.stringify(sumAnswers(counts.map((c) => c.results)))}`,
  );
  console.log(usage.lines().join("\n"));
  console.log(`machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  const met = lost === 0 && duplicated === 0 && tally.delays.length > 0 && p99 < TARGET_P99_MS;
  console.log(
    `${met ? "Targets met" : "Targets missed"}: 0 lost (${lost}), 0 duplicated (${duplicated}), planned_at to Completed p99 under ${seconds(TARGET_P99_MS)} (${seconds(p99)}).`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit();
}
