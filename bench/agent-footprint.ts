// The agent's footprint: `npm run bench:agent-footprint [-- --minutes 10] [--interval 10]`.
// Builds the agent, starts a small server on 127.0.0.1 that accepts its reports and task polls
// as the real one does, runs the built agent against it with a monitoring_interval of 10 s (so
// ten minutes make 60 reports), samples the agent process's resident memory (VmRSS) and CPU
// time every 5 s, and prints the median and peak RSS, the mean CPU of one core and what arrived.
// `--node-flags="--max-semi-space-size=1"` runs the agent with those Node flags, to compare.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FakeUpwatch } from "../apps/agent/test/fake-upwatch.ts";
import { ensureBuild } from "../scripts/build.mjs";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: smokeOr("0.05", "10") },
    interval: { type: "string", default: "10" },
    "node-flags": { type: "string", default: "" },
  },
});
const MINUTES = Number(flags.minutes);
const INTERVAL_S = Number(flags.interval);
const SAMPLE_EVERY_MS = smokeOr(1_000, 5_000);
const TICKS_PER_SECOND = 100;
const KEY = `uwa_${"b".repeat(40)}`;

/** Resident memory in MB and CPU time in ms of a process, from /proc. */
function readUsage(pid: number): { rssMb: number; cpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { rssMb: rssKb / 1024, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

await ensureBuild({ parts: ["agent"] });
const server = new FakeUpwatch(KEY);
const url = await server.start();
const dir = mkdtempSync(join(tmpdir(), "agent-footprint-"));
const config = join(dir, "agent.yaml");
writeFileSync(
  config,
  [
    `api_url: ${url}`,
    `api_key: ${KEY}`,
    `monitoring_interval: ${INTERVAL_S}`,
    "services: [sshd, cron]",
  ].join("\n"),
);

const agent = endWithBenchmark(
  spawn(
    process.execPath,
    [
      ...(flags["node-flags"] ?? "").split(" ").filter(Boolean),
      join(ROOT, "apps/agent/dist/upwatch-agent.mjs"),
      "--config",
      config,
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  ),
);
const pid = agent.pid!;
const started = Date.now();
const rss: number[] = [];
const first = readUsage(pid);
console.log(
  `Agent running as process ${pid}; measuring for ${MINUTES} minutes (reports every ${INTERVAL_S} s)...`,
);

const last = await new Promise<{ cpuMs: number } | undefined>((resolve) => {
  let latest = first;
  const timer = setInterval(() => {
    const usage = readUsage(pid);
    if (usage) {
      rss.push(usage.rssMb);
      latest = usage;
    }
    if (Date.now() - started >= MINUTES * 60_000 || agent.exitCode !== null) {
      clearInterval(timer);
      resolve(latest);
    }
  }, SAMPLE_EVERY_MS);
});
const elapsedMs = Date.now() - started;
if (agent.exitCode !== null) {
  throw new Error(
    `The agent ended by itself, with code ${agent.exitCode}, before the measurement did.`,
  );
}
const exited = new Promise((resolve) => agent.once("exit", resolve));
agent.kill("SIGTERM");
await exited;
await server.stop();
rmSync(dir, { recursive: true, force: true });

const cpuPercent = last && first ? ((last.cpuMs - first.cpuMs) / elapsedMs) * 100 : Number.NaN;
console.log(
  `Measured ${(elapsedMs / 60_000).toFixed(1)} minutes, ${rss.length} samples of the agent process:`,
);
console.log(`  RSS median ${median(rss).toFixed(1)} MB, peak ${Math.max(...rss).toFixed(1)} MB`);
console.log(`  CPU mean ${cpuPercent.toFixed(2)}% of one core`);
console.log(
  `  Reports received ${server.stored.length} in ${server.batches.length} batches; task polls ${server.polls.length}`,
);
