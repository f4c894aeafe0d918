// How long a monthly SLA report of a status page with 1,000 monitors takes to make as figures,
// CSV and PDF, and the memory it needs: a month of hourly rollups (all regions and per region,
// 1.44 million rows), an outage for each monitor and a maintenance window over all of them, on
// SQLite (and PostgreSQL when TEST_DATABASE_URL or the default test server is reachable).
//   npm run bench:reports
import type { DatabaseHandle } from "@upwatch/db";
import { SecretBox } from "../apps/server/src/secrets/secret-box.ts";
import { generateSecretsKey } from "../apps/server/src/secrets/secrets-key.ts";
import { createServiceContext } from "../apps/server/src/services/context.ts";
import { computeSlaReport } from "../apps/server/src/services/sla-reports/compute-sla-report.ts";
import { slaReportPdf } from "../apps/server/src/services/sla-reports/pdf/sla-report-pdf.ts";
import { slaReportCsv } from "../apps/server/src/services/sla-reports/sla-report-csv.ts";
import { insertPage } from "../apps/server/src/status-site/page-rows.fixture.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";
import { benchBothDatabases, type Dialect } from "./both-databases.ts";
import { smokeOr } from "./smoke.ts";

const MONITORS = Number(process.env.BENCH_MONITORS ?? smokeOr(5, 1000));
const HOURS = smokeOr(48, 720);
const FROM = Date.UTC(2026, 10, 1);
const TO = FROM + HOURS * 3_600_000;
const RUNS = smokeOr(1, 5);
const ROWS_PER_INSERT = 200;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await insert(rows.slice(i, i + ROWS_PER_INSERT));
  }
}

/** One monitor's hour: 60 checks, the outage hour with ten of them down. */
function hourRow(monitorId: string, hour: number) {
  const down = hour === 100 ? 10 : 0;
  return {
    monitor_id: monitorId,
    bucket_seconds: 3600,
    period_start: FROM + hour * 3_600_000,
    checks: 60,
    up_checks: 60 - down,
    response_sum: 60 * 120,
    response_count: 60,
    response_min: 80,
    response_max: 400,
    h03: 30,
    h04: 25,
    h07: 5,
  };
}

async function fill(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  await db
    .insertInto("accounts")
    .values({ id: "acc_r", name: "R", plan: "enterprise", created_at: 0 })
    .execute();
  const ids = Array.from({ length: MONITORS }, (_, i) => `mon_r${i}`);
  await insertChunked(
    ids.map((id, index) =>
      benchMonitorRow(id, "acc_r", { name: `Service ${index}`, created_at: 0, updated_at: 0 }),
    ),
    (chunk) => db.insertInto("monitors").values(chunk).execute(),
  );
  for (const id of ids) {
    const hours = Array.from({ length: HOURS }, (_, hour) => hourRow(id, hour));
    await insertChunked(hours, (chunk) => db.insertInto("check_rollups").values(chunk).execute());
    await insertChunked(
      hours.map((row) => ({ ...row, region: "eu-west-1", missed: 0 })),
      (chunk) => db.insertInto("check_region_rollups").values(chunk).execute(),
    );
  }
  await insertChunked(
    ids.map((id, index) => ({
      id: `inc_r${index}`,
      account_id: "acc_r",
      monitor_id: id,
      started_at: FROM + 100 * 3_600_000 + index * 1000,
      ended_at: FROM + 100 * 3_600_000 + 10 * 60_000 + index * 1000,
      cause: "Expected a 2xx status but the server answered 503 Service Unavailable.",
      status_code: 503,
    })),
    (chunk) => db.insertInto("incidents").values(chunk).execute(),
  );
  await fillStatusPage(handle, ids);
}

async function fillStatusPage(handle: DatabaseHandle, ids: string[]): Promise<void> {
  const db = handle.db;
  await insertPage(db, "acc_r", {
    id: "page_r",
    name: "Everything",
    slug: "bench-reports",
    created_at: 0,
    updated_at: 0,
  });
  await db
    .insertInto("status_components")
    .values({
      id: "cmp_r",
      page_id: "page_r",
      section_id: null,
      name: "All",
      description: "",
      position: 0,
      state: "operational",
      follow_monitors: 0,
      state_changed_at: 0,
      created_at: 0,
      updated_at: 0,
    })
    .execute();
  await insertChunked(
    ids.map((id) => ({ component_id: "cmp_r", monitor_id: id })),
    (chunk) => db.insertInto("status_component_monitors").values(chunk).execute(),
  );
  await db
    .insertInto("status_maintenances")
    .values({
      id: "mnt_r",
      page_id: "page_r",
      title: "Upgrade",
      message: "",
      starts_at: FROM + 24 * 3_600_000,
      ends_at: FROM + 26 * 3_600_000,
      cancelled_at: null,
      started_notice_at: null,
      ended_notice_at: null,
      announced_at: null,
      created_at: 0,
      updated_at: 0,
    })
    .execute();
  await db
    .insertInto("status_maintenance_components")
    .values({ maintenance_id: "mnt_r", component_id: "cmp_r" })
    .execute();
}

async function measure(dialect: Dialect, handle: DatabaseHandle): Promise<void> {
  const ctx = createServiceContext(handle.db, new SecretBox(generateSecretsKey()), {
    now: () => TO + 86_400_000,
  });
  const access = { accountId: "acc_r", plan: "enterprise" as const };
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    peakRss = Math.max(peakRss, usage.rss);
  };
  const sampler = setInterval(sample, 10);
  const times: number[] = [];
  let pages = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const report = await computeSlaReport(ctx, access, {
      subject: { type: "status_page", id: "page_r" },
      from: FROM,
      to: TO,
      targetPercent: 99.9,
    });
    const csv = slaReportCsv(report);
    const pdf = await slaReportPdf(report);
    times.push(performance.now() - started);
    sample();
    pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
    if (report.members.length !== MONITORS || csv.length === 0) {
      throw new Error(`Expected ${MONITORS} members, got ${report.members.length}.`);
    }
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);
  console.log(
    `${dialect.padEnd(10)} ${MONITORS} monitors, ${HOURS} hours: figures + CSV + PDF (${pages} pages) median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms (${RUNS} runs); peak RSS ${mb(peakRss)} MB, peak heap ${mb(peakHeap)} MB`,
  );
}

await benchBothDatabases("reports", { fill, measure });
