import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { storeCheckBatch } from "../src/check-intake/store-checks.ts";
import type { ServiceContext } from "../src/services/context.ts";
import { insertPage } from "../src/status-site/page-rows.fixture.ts";
import { checkRecord, createTestMonitor } from "./monitors.ts";

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

/** November 2026 in UTC: 43,200 minutes. */
export const NOVEMBER = { from: at("2026-11-01T00:00:00Z"), to: at("2026-12-01T00:00:00Z") };

/**
 * The known outages of the month: one before it starts and ending inside (20 of its 30 minutes
 * count), and one half inside a maintenance window (30 of 60 count).
 */
export const KNOWN_OUTAGES = [
  { start: "2026-10-31T23:50:00Z", end: "2026-11-01T00:20:00Z", counted: 20 },
  { start: "2026-11-03T10:00:00Z", end: "2026-11-03T10:45:00Z", counted: 45 },
  { start: "2026-11-10T22:30:00Z", end: "2026-11-11T00:10:00Z", counted: 100 },
  { start: "2026-11-20T02:00:00Z", end: "2026-11-20T03:00:00Z", counted: 30 },
] as const;

/** The maintenance window of the month: an hour, half of it over the last outage. */
export const KNOWN_MAINTENANCE = { start: "2026-11-20T01:30:00Z", end: "2026-11-20T02:30:00Z" };

const inOutage = (time: number) =>
  KNOWN_OUTAGES.some(({ start, end }) => time >= at(start) && time < at(end));

/**
 * A monitor created in October with a check every ten minutes through November (100 ms when up,
 * 2,000 ms when down), the known outages as incidents and the maintenance window on a status
 * page whose component it is linked to. Returns the monitor's and the page's ids.
 */
export async function buildKnownMonth(
  ctx: ServiceContext,
  accountId: string,
  name = "Checkout",
): Promise<{ monitorId: string; pageId: string }> {
  const monitor = await createTestMonitor(ctx, accountId, "enterprise");
  const db = ctx.db;
  await db
    .updateTable("monitors")
    .set({ name, created_at: at("2026-10-20T00:00:00Z") })
    .where("id", "=", monitor.id)
    .execute();
  const records = [];
  for (let time = NOVEMBER.from; time < NOVEMBER.to; time += 10 * MINUTE) {
    const down = inOutage(time);
    records.push(checkRecord(monitor.id, time, !down, down ? 2000 : 100));
  }
  for (let i = 0; i < records.length; i += 500) {
    await storeCheckBatch(db, records.slice(i, i + 500));
  }
  await db
    .insertInto("incidents")
    .values(
      KNOWN_OUTAGES.map((outage, index) => ({
        id: ctx.newId("inc"),
        account_id: accountId,
        monitor_id: monitor.id,
        started_at: at(outage.start),
        ended_at: at(outage.end),
        cause: `Expected a 2xx status but the server answered 503 Service Unavailable (${index + 1}).`,
        status_code: 503,
      })),
    )
    .execute();
  const pageId = await linkMaintenance(db, ctx, accountId, monitor.id, name);
  return { monitorId: monitor.id, pageId };
}

async function linkMaintenance(
  db: Kysely<Database>,
  ctx: ServiceContext,
  accountId: string,
  monitorId: string,
  name: string,
): Promise<string> {
  const now = at("2026-10-20T00:00:00Z");
  const pageId = ctx.newId("page");
  const componentId = ctx.newId("cmp");
  const maintenanceId = ctx.newId("mnt");
  await insertPage(db, accountId, {
    id: pageId,
    name: `${name} status`,
    slug: pageId.toLowerCase().replace(/[^a-z0-9]/g, ""),
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("status_components")
    .values({
      id: componentId,
      page_id: pageId,
      section_id: null,
      name,
      description: "",
      position: 0,
      state: "operational",
      follow_monitors: 0,
      state_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("status_component_monitors")
    .values({ component_id: componentId, monitor_id: monitorId })
    .execute();
  await db
    .insertInto("status_maintenances")
    .values({
      id: maintenanceId,
      page_id: pageId,
      title: "Database upgrade",
      message: "",
      starts_at: at(KNOWN_MAINTENANCE.start),
      ends_at: at(KNOWN_MAINTENANCE.end),
      cancelled_at: null,
      started_notice_at: null,
      ended_notice_at: null,
      announced_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("status_maintenance_components")
    .values({ maintenance_id: maintenanceId, component_id: componentId })
    .execute();
  return pageId;
}
