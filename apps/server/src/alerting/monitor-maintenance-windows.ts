import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Monitors asked about in one query, kept under the databases' limits on bound values. */
const CHUNK = 400;

/** A maintenance window of a status page, as it bears on one monitor linked to its components. */
export interface MonitorMaintenanceWindow {
  id: string;
  title: string;
  startsAt: number;
  endsAt: number;
}

/**
 * The maintenance windows, not cancelled, under way at some moment from `span.from` to
 * `span.to` (a window ends just before its `ends_at`) that cover each monitor through a status
 * page component linked to it; a monitor with none is absent.
 */
export async function loadMonitorMaintenanceWindows(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  span: { from: number; to: number },
): Promise<Map<string, MonitorMaintenanceWindow[]>> {
  const windows = new Map<string, MonitorMaintenanceWindow[]>();
  const unique = [...new Set(monitorIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom("status_component_monitors as cm")
      .innerJoin("status_maintenance_components as mc", "mc.component_id", "cm.component_id")
      .innerJoin("status_maintenances as m", "m.id", "mc.maintenance_id")
      .select(["cm.monitor_id", "m.id", "m.title", "m.starts_at", "m.ends_at"])
      .where("cm.monitor_id", "in", unique.slice(i, i + CHUNK))
      .where("m.cancelled_at", "is", null)
      .where("m.ends_at", ">", span.from)
      .where("m.starts_at", "<=", span.to)
      .execute();
    for (const row of rows) {
      const list = windows.get(row.monitor_id) ?? [];
      list.push({
        id: row.id,
        title: row.title,
        startsAt: Number(row.starts_at),
        endsAt: Number(row.ends_at),
      });
      windows.set(row.monitor_id, list);
    }
  }
  return windows;
}
