// Start-up time of the built product: `npm run bench:start`. Builds what is stale, then starts
// the product BENCH_RUNS times (default 7) on a free port with an empty data folder, both as
// `npm start` does (scripts/start.mjs, which first checks the build is fresh) and as a bare
// `node apps/server/dist/main.js`, and prints the median, min and max time to a 200 from /healthz.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../apps/web/e2e/support/server.ts";
import { ensureBuild } from "../scripts/build.mjs";
import { endWithBenchmark } from "./child-processes.ts";
import { smokeOr } from "./smoke.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? smokeOr(1, 7));
const WAYS = [
  { title: "npm start (scripts/start.mjs)", args: ["scripts/start.mjs"] },
  { title: "node apps/server/dist/main.js", args: ["apps/server/dist/main.js"] },
];

/** Milliseconds from spawning the process to its first 200 from /healthz. */
async function timeToReady(args: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-start-"));
  const port = await freePort();
  const started = performance.now();
  const child = endWithBenchmark(
    spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    while (performance.now() - started < 30_000) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited before it was ready.`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) {
          return performance.now() - started;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${args.join(" ")} was not ready within 30 s.`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await ensureBuild();
console.log(`Time to a 200 from /healthz, ${RUNS} starts each, empty SQLite data folder`);
for (const way of WAYS) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await timeToReady(way.args));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `${way.title.padEnd(32)} median ${ms(median)}  min ${ms(times[0] ?? 0)}  max ${ms(times.at(-1) ?? 0)}`,
  );
}
