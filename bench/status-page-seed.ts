// The data of `npm run bench:status-page`: an account, monitors checked every 60 s against a
// loopback target with 90 days of daily history, and one status page of components following them.
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { benchMonitorRow } from "./bench-monitor-row.ts";

const DAY = 86_400_000;

/** Fills a fresh database with the page as a busy product has it: sections, linked monitors, 90 days of rollups, incidents. */
export async function seedStatusPage(
  dataDir: string,
  targetPort: number,
  size: { slug: string; monitors: number; components: number },
): Promise<void> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const today = Math.floor(now / DAY) * DAY;
  await db
    .insertInto("accounts")
    .values({ id: "acc_bench", name: "Bench", plan: "enterprise", created_at: now })
    .execute();
  const monitorIds = Array.from({ length: size.monitors }, (_, i) => `mon_bench_${i}`);
  await db
    .insertInto("monitors")
    .values(
      monitorIds.map((id) =>
        benchMonitorRow(id, "acc_bench", {
          target: `http://127.0.0.1:${targetPort}/`,
          region: "us-west-1",
          timeout_seconds: 10,
          created_at: now,
          updated_at: now,
        }),
      ),
    )
    .execute();
  for (const id of monitorIds) {
    const days = Array.from({ length: 90 }, (_, d) => ({
      monitor_id: id,
      bucket_seconds: 86_400,
      period_start: today - d * DAY,
      checks: 1440,
      up_checks: d % 17 === 3 ? 1400 : 1440,
    }));
    await db.insertInto("check_rollups").values(days).execute();
  }
  await db
    .insertInto("status_pages")
    .values({
      id: "spg_bench",
      account_id: "acc_bench",
      name: "Acme",
      slug: size.slug,
      headline: "Live status of the Acme platform.",
      accent_color: "#7c3aed",
      website_url: "https://acme.example/",
      support_url: "https://acme.example/support",
      white_label: 0,
      custom_domain: null,
      logo_type: null,
      logo_hash: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("status_sections")
    .values([
      { id: "sec_core", page_id: "spg_bench", name: "Core", position: 0 },
      { id: "sec_edge", page_id: "spg_bench", name: "Edge", position: 1 },
    ])
    .execute();
  for (let c = 0; c < size.components; c += 1) {
    await db
      .insertInto("status_components")
      .values({
        id: `cmp_bench_${c}`,
        page_id: "spg_bench",
        section_id: c < 5 ? "sec_core" : "sec_edge",
        name: `Service ${c + 1}`,
        description: c === 0 ? "Sign-in and the dashboard." : "",
        position: c,
        state: c === 2 ? "degraded_performance" : "operational",
        follow_monitors: 0,
        state_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto("status_component_monitors")
      .values(
        monitorIds
          .slice(c * 5, c * 5 + 5)
          .map((monitor_id) => ({ component_id: `cmp_bench_${c}`, monitor_id })),
      )
      .execute();
  }
  for (let i = 0; i < 12; i += 1) {
    const started = now - (i === 0 ? 3_600_000 : i * 5 * DAY);
    await db
      .insertInto("status_incidents")
      .values({
        id: `inc_bench_${i}`,
        page_id: "spg_bench",
        title:
          i === 0
            ? "Slow responses from Service 3"
            : `Errors on Service ${(i % size.components) + 1}`,
        stage: i === 0 ? "identified" : "resolved",
        started_at: started,
        resolved_at: i === 0 ? null : started + 3_600_000,
        created_at: started,
        updated_at: started,
      })
      .execute();
    await db
      .insertInto("status_incident_updates")
      .values([
        {
          id: `upd_bench_${i}_a`,
          incident_id: `inc_bench_${i}`,
          stage: "investigating",
          message: "We are looking into reports of errors.",
          components: "[]",
          created_at: started,
        },
        {
          id: `upd_bench_${i}_b`,
          incident_id: `inc_bench_${i}`,
          stage: i === 0 ? "identified" : "resolved",
          message:
            i === 0
              ? "A database replica is lagging; traffic is moving off it.\nDetails: https://acme.example/notes"
              : "Fixed.",
          components: "[]",
          created_at: started + 1_800_000,
        },
      ])
      .execute();
  }
  await db
    .insertInto("status_maintenances")
    .values({
      id: "mnt_bench",
      page_id: "spg_bench",
      title: "Database upgrade",
      message: "Writes pause for up to a minute.",
      starts_at: now + 2 * DAY,
      ends_at: now + 2 * DAY + 3_600_000,
      cancelled_at: null,
      started_notice_at: null,
      ended_notice_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("status_maintenance_components")
    .values({ maintenance_id: "mnt_bench", component_id: "cmp_bench_0" })
    .execute();
  await database.close();
}
