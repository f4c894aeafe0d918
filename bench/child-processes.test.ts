import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The processes whose environment carries `marker`: a run's own processes and nothing else. */
function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker)) found.push(+entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** The marked process whose command line mentions `script`, if it runs. */
function markedRunning(marker: string, script: string): number | undefined {
  return processesMarked(marker).find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0");
      return args.some((arg) => arg.endsWith(script));
    } catch {
      return false;
    }
  });
}

async function eventually(probe: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Waited 30 s for ${what}, in vain.`);
}

/**
 * Runs `command` in a shell as `command | cat`, its processes marked, and resolves with the
 * pipeline's exit code once the pipeline ends, which it does only when no process holds its output.
 */
function runPipeline(command: string, marker: string, env: Record<string, string> = {}) {
  const pipeline = spawn("bash", ["-o", "pipefail", "-c", `${command} | cat`], {
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_PROCESS_MARKER: marker },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  pipeline.stdout.on("data", (chunk) => {
    output += chunk;
  });
  pipeline.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const ended = new Promise<number | null>((resolve) => pipeline.once("close", resolve));
  return { ended, output: () => output };
}

describe("a benchmark's child processes", () => {
  const markers: string[] = [];
  afterEach(() => {
    // Should a run outlive its test, it must not outlive the test run too.
    for (const marker of markers.splice(0)) {
      for (const pid of processesMarked(marker)) process.kill(pid, "SIGKILL");
    }
  });

  it("end when the benchmark crashes after starting them, so a pipeline reading it ends", async () => {
    const marker = `bench-crash-${randomBytes(6).toString("hex")}`;
    markers.push(marker);
    // The receiver starts first; the database then cannot be reached, and the run throws.
    const run = runPipeline(`"${process.execPath}" --import tsx bench/alerts.ts`, marker, {
      BENCH_DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      BENCH_SMOKE: "1",
    });

    const code = await run.ended;

    expect(code, run.output()).not.toBe(0);
    expect(run.output()).toContain("ECONNREFUSED");
    expect(processesMarked(marker)).toEqual([]);
  });

  it("end when the benchmark is told to stop with SIGTERM", async () => {
    const marker = `bench-term-${randomBytes(6).toString("hex")}`;
    markers.push(marker);
    const run = runPipeline(`exec "${process.execPath}" --import tsx bench/checks.ts`, marker, {
      BENCH_SMOKE: "1",
      BENCH_SECONDS: "600",
    });
    await eventually(() => markedRunning(marker, "http-target.mjs") !== undefined, "the target");
    // Past its start-up: a target that had not yet reported its ports would die on its own.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const bench = markedRunning(marker, "bench/checks.ts");
    expect(bench).toBeDefined();

    process.kill(bench!, "SIGTERM");
    await run.ended;

    expect(processesMarked(marker)).toEqual([]);
  });

  it("end when the benchmark is killed with SIGKILL, which it cannot see", async () => {
    const marker = `bench-kill-${randomBytes(6).toString("hex")}`;
    markers.push(marker);
    const run = runPipeline(`exec "${process.execPath}" --import tsx bench/checks.ts`, marker, {
      BENCH_SMOKE: "1",
      BENCH_SECONDS: "600",
    });
    await eventually(() => markedRunning(marker, "http-target.mjs") !== undefined, "the target");
    // Past its start-up: a target that had not yet reported its ports would die on its own.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const bench = markedRunning(marker, "bench/checks.ts");
    expect(bench).toBeDefined();

    process.kill(bench!, "SIGKILL");
    await run.ended;

    expect(processesMarked(marker)).toEqual([]);
  });
});
