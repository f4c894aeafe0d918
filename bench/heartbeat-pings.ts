// Cron jobs pinging at once: `npm run bench:heartbeat-pings [-- --seconds 10] [--connections 50]
// [--monitors 1000]`. Starts the built server on a fresh SQLite database, makes an Enterprise+
// account with the admin command and as many heartbeat monitors through the API, then drives their
// ping URLs with autocannon (each URL in turn, so no URL reaches its rate limit), then unknown
// tokens. Prints requests/s and latency p50/p99 per run, and checks that every ping answered 200
// was stored as a check before its answer.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@upwatch/db";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/build.mjs";
import { startBuiltServer } from "./built-server.ts";
import { smokeOr } from "./smoke.ts";

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: smokeOr("1", "10") },
    connections: { type: "string", default: smokeOr("2", "50") },
    monitors: { type: "string", default: smokeOr("3", "1000") },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const MONITORS = Number(flags.monitors);

/** The admin command prints the new account's API key once, on its own indented line. */
function createAccount(dataDir: string): string {
  const made = spawnSync(
    process.execPath,
    [
      "apps/server/dist/admin.js",
      "create-account",
      "--name",
      "Bench",
      "--email",
      "bench@example.com",
      "--plan",
      "enterprise",
    ],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  const key = made.stdout.match(/^\s+(uw_\S+)$/m)?.[1];
  if (!key) throw new Error(`The admin command made no key:\n${made.stdout}${made.stderr}`);
  return key;
}

async function createHeartbeats(url: string, key: string): Promise<string[]> {
  const pingUrls: string[] = [];
  for (let i = 0; i < MONITORS; i++) {
    const response = await fetch(`${url}/api/v1/monitors`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        type: "heartbeat",
        name: `Nightly job ${i + 1}`,
        options: { period_seconds: 3600, grace_seconds: 300 },
      }),
    });
    const monitor = (await response.json()) as { heartbeat?: { ping_url: string } };
    if (response.status !== 201 || !monitor.heartbeat) {
      throw new Error(`Creating a heartbeat monitor answered ${response.status}.`);
    }
    pingUrls.push(new URL(monitor.heartbeat.ping_url).pathname);
  }
  return pingUrls;
}

async function drive(url: string, title: string, paths: string[]) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((path) => ({ method: "POST" as const, path, body: "exit 0" })),
  });
  const byStatus = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}: ${(stats as { count: number }).count}`)
    .join(", ");
  console.log(
    `${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts} (${byStatus})`,
  );
  return result;
}

await ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-pings-"));
process.env.LOG_LEVEL = "error";
try {
  const key = createAccount(dataDir);
  const server = await startBuiltServer(dataDir);
  try {
    const paths = await createHeartbeats(server.url, key);
    console.log(`${MONITORS} heartbeat monitors, ${CONNECTIONS} connections, ${SECONDS} s a run`);
    const pings = await drive(server.url, "pings", paths);
    const unknown = paths.map((_, i) => `/ping/${"x".repeat(20)}${i}`);
    await drive(server.url, "unknown tokens", unknown);
    const accepted = (pings.statusCodeStats as Record<string, { count: number }>)["200"]?.count;
    await server.stop();
    const database = openDatabase({ dataDir });
    const stored = await database.db
      .selectFrom("check_results")
      .innerJoin("monitors", "monitors.id", "check_results.monitor_id")
      .where("monitors.type", "=", "heartbeat")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    await database.close();
    // Requests still in flight when a run ends are answered and stored, but not counted by it.
    console.log(
      `pings answered 200: ${accepted ?? 0}; checks stored: ${Number(stored.count)} ` +
        `(at most ${CONNECTIONS} more: the pings in flight when the run ended)`,
    );
  } finally {
    await server.stop().catch(() => undefined);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
