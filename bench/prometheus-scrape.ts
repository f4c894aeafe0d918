// How long a Prometheus scrape of an Enterprise+ account at its limit takes: 1,000 monitors with
// a day of one-minute checks each (1.44 million results, stored with their rollups by the real
// batch writer), read and rendered in the text format, on SQLite (and PostgreSQL when
// TEST_DATABASE_URL or the default test server is reachable).
//   npm run bench:prometheus-scrape
import type { DatabaseHandle } from "@upwatch/db";
import { renderPrometheusText } from "../apps/server/src/presenters/prometheus-exposition.ts";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { createServiceContext } from "../apps/server/src/services/context.ts";
import { readMonitorMetrics } from "../apps/server/src/services/monitor-metrics/read-monitor-metrics.ts";
import { benchBothDatabases, type Dialect } from "./both-databases.ts";
import { seedMonitorsWithMinuteChecks } from "./monitors-with-minute-checks.ts";
import { smokeOr } from "./smoke.ts";

const MONITORS = Number(process.env.BENCH_MONITORS ?? smokeOr(5, 1000));
const CHECKS_PER_MONITOR = smokeOr(60, 1440);
const NOW = Date.UTC(2026, 10, 2, 0, 10);
const RUNS = smokeOr(1, 10);

async function fill(handle: DatabaseHandle): Promise<void> {
  await seedMonitorsWithMinuteChecks(
    handle,
    { id: "acc_p", name: "P" },
    { monitors: MONITORS, checksPerMonitor: CHECKS_PER_MONITOR, now: NOW },
  );
}

async function measure(dialect: Dialect, handle: DatabaseHandle): Promise<void> {
  const ctx = createServiceContext(handle.db, new SecretBox(generateSecretsKey()), {
    now: () => NOW,
  });
  const access = { accountId: "acc_p", plan: "enterprise" as const, apiKeyId: "key_bench" };
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const text = renderPrometheusText(await readMonitorMetrics(ctx, access));
    times.push(performance.now() - started);
    bytes = text.length;
    const series = text.split("\n").filter((line) => line.startsWith("upwatch_")).length;
    if (series !== 7 * MONITORS) throw new Error(`Expected ${7 * MONITORS} series, got ${series}.`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  console.log(
    `${dialect.padEnd(10)} ${MONITORS} monitors, ${MONITORS * CHECKS_PER_MONITOR} results: scrape median ${at(0.5).toFixed(0)} ms, slowest ${at(1).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB (${RUNS} runs)`,
  );
}

await benchBothDatabases("prometheus-scrape", { fill, measure });
