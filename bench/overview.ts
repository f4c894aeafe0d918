// How long the monitor list's overview takes for an Enterprise+ account at its limit: 1,000
// monitors with a day of one-minute checks each (1.44 million results, stored with their rollups
// by the real batch writer), on SQLite (and PostgreSQL when TEST_DATABASE_URL or the default test
// server is reachable).
//   npm run bench:overview
import type { DatabaseHandle } from "@upwatch/db";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { createServiceContext } from "../apps/server/src/services/context.ts";
import { getMonitorOverview } from "../apps/server/src/services/monitors/get-monitor-overview.ts";
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
    { id: "acc_o", name: "O" },
    { monitors: MONITORS, checksPerMonitor: CHECKS_PER_MONITOR, now: NOW },
  );
}

async function measure(dialect: Dialect, handle: DatabaseHandle): Promise<void> {
  const ctx = createServiceContext(handle.db, new SecretBox(generateSecretsKey()), {
    now: () => NOW,
  });
  const access = { accountId: "acc_o", plan: "enterprise" as const };
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const rows = await getMonitorOverview(ctx, access);
    times.push(performance.now() - started);
    if (rows.length !== MONITORS) throw new Error(`Expected ${MONITORS} rows, got ${rows.length}.`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  console.log(
    `${dialect.padEnd(10)} ${MONITORS} monitors, ${MONITORS * CHECKS_PER_MONITOR} results: median ${at(0.5).toFixed(0)} ms, slowest ${at(1).toFixed(0)} ms (${RUNS} runs)`,
  );
}

await benchBothDatabases("overview", { fill, measure });
