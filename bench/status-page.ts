// A status page on the day of an outage: `npm run bench:status-page [-- --seconds 20]
// [--connections 50]`. Fills a fresh SQLite database with a page of 10 components linked to 50
// monitors checked every 60 s against a loopback target, starts the built server on it, and
// drives `/status/{slug}` with autocannon: full answers, then revalidations with If-None-Match.
// Prints requests/s and latency p50/p99 per run, the schedule lag of the checks that ran meanwhile,
// and Lighthouse (mobile preset) scores and axe violations of the page in the light and dark themes.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@upwatch/db";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/build.mjs";
import { type BuiltServer, startBuiltServer } from "./built-server.ts";
import { startLoopbackTarget } from "./loopback-target.ts";
import { percentile } from "./percentile.ts";
import { smokeOr } from "./smoke.ts";
import { reportBrowserChecks } from "./status-page-browser.ts";
import { seedStatusPage } from "./status-page-seed.ts";

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: smokeOr("1", "20") },
    connections: { type: "string", default: smokeOr("2", "50") },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const SLUG = "acme";
const MONITORS = 50;
const COMPONENTS = 10;
const TARGETS = { requestsPerSecond: 3000, p99Ms: 50 };
interface LoadRun {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: string;
}

async function drive(name: string, url: string, headers: Record<string, string>): Promise<LoadRun> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const statuses = ["2xx", "3xx", "4xx", "5xx"].map((k) => `${k} ${result[k as "2xx"]}`).join(", ");
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: `${statuses}, errors ${result.errors}, timeouts ${result.timeouts}`,
  };
}

/** How late the checks planned during the load started, from the results the server stored. */
async function scheduleLag(dataDir: string, from: number, to: number) {
  const database = openDatabase({ dataDir });
  const rows = await database.db
    .selectFrom("check_results")
    .select(["planned_at", "checked_at"])
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  await database.close();
  const lags = rows.map((r) => Math.max(0, r.checked_at - r.planned_at)).sort((a, b) => a - b);
  return {
    checks: lags.length,
    p50: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    max: lags.at(-1) ?? 0,
  };
}

// The server alone: the public page needs nothing of the web app's build.
await ensureBuild({ parts: ["server"] });
const target = await startLoopbackTarget();
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-status-page-"));
let server: BuiltServer | undefined;
try {
  await seedStatusPage(dataDir, target.port, {
    slug: SLUG,
    monitors: MONITORS,
    components: COMPONENTS,
  });
  server = await startBuiltServer(dataDir, { ALLOW_PRIVATE_TARGETS: "true" });
  const pageUrl = `${server.url}/status/${SLUG}`;
  const first = await fetch(pageUrl);
  const body = await first.text();
  const etag = first.headers.get("etag") ?? "";
  console.log(
    `${COMPONENTS} components linked to ${MONITORS} monitors at 60 s; page ${(body.length / 1024).toFixed(1)} KB; ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  // Let the engine settle into its schedule before the load starts.
  await new Promise((resolve) => setTimeout(resolve, smokeOr(500, 5_000)));
  const loadStart = Date.now();
  const runs = [
    await drive("full page", pageUrl, {}),
    await drive("If-None-Match (304)", pageUrl, { "if-none-match": etag }),
    await drive("brotli, as browsers ask", pageUrl, { "accept-encoding": "br, gzip" }),
  ];
  const loadEnd = Date.now();
  // Checks planned during the load may still be finishing.
  await new Promise((resolve) => setTimeout(resolve, smokeOr(500, 3_000)));
  const lag = await scheduleLag(dataDir, loadStart, loadEnd - 10_000);

  console.log(
    `\nload average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  for (const run of runs) {
    const ok = run.requestsPerSecond >= TARGETS.requestsPerSecond && run.p99 < TARGETS.p99Ms;
    console.log(
      `${run.name.padEnd(26)} ${Math.round(run.requestsPerSecond).toString().padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  (${run.statuses})  ${ok ? "meets" : "MISSES"} target ≥ ${TARGETS.requestsPerSecond} req/s, p99 < ${TARGETS.p99Ms} ms`,
    );
  }
  console.log(
    `schedule lag of the ${lag.checks} checks planned during the load: p50 ${lag.p50} ms, p99 ${lag.p99} ms, max ${lag.max} ms`,
  );
  await reportBrowserChecks(pageUrl);
} finally {
  await server?.stop();
  target.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
