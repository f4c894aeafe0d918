import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../scripts/build.mjs";

// Every `bench:*` script once at its smallest size (BENCH_SMOKE=1): it must end well and print
// its figures, which mean nothing at that size. A new script is picked up here by itself.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCRIPTS: Record<string, string> = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
).scripts;
const BENCHES = Object.entries(SCRIPTS)
  .filter(([name]) => name.startsWith("bench:"))
  .map(([name, command]) => ({ name, file: command.replace(/^tsx /, "") }));
const RUN_LIMIT_MS = 110_000;
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const WITH_POSTGRES = await postgresAnswers();

/** Runs one benchmark file at smoke size; resolves with its exit code and its output. */
function runBench(file: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: ROOT,
      env: { ...process.env, ...env, BENCH_SMOKE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString("utf8");
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    // SIGTERM lets the benchmark end its own child processes on the way out.
    const limit = setTimeout(() => {
      output += `\n[killed after ${RUN_LIMIT_MS / 1000} s]`;
      child.kill("SIGTERM");
    }, RUN_LIMIT_MS);
    child.once("close", (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

function expectGoodRun(name: string, run: { code: number | null; output: string }) {
  const tail = run.output.split("\n").slice(-40).join("\n");
  expect(run.code, `${name} exited with ${run.code}:\n${tail}`).toBe(0);
  expect(run.output.trim(), `${name} printed nothing`).not.toBe("");
}

describe.concurrent("every benchmark at its smallest size", () => {
  // Built once before the runs, so that benchmarks running side by side never build at once.
  beforeAll(() => ensureBuild({ parts: ["web", "server", "runner", "agent"] }), 600_000);

  for (const { name, file } of BENCHES) {
    it(`${name} runs and prints its figures`, async () => {
      expectGoodRun(name, await runBench(file));
    });
  }

  // Like the integration tests: PostgreSQL too when it answers.
  if (WITH_POSTGRES) {
    it("bench:alerts runs on PostgreSQL too", async () => {
      expectGoodRun(
        "bench:alerts on PostgreSQL",
        await runBench("bench/alerts.ts", {
          BENCH_DATABASE_URL: POSTGRES_URL,
        }),
      );
    });
  }
});
