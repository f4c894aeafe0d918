import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** A maintenance window under way that holds a monitor's notifications. */
export interface MaintenanceHold {
  id: string;
  title: string;
  endsAt: number;
}

/**
 * The window under way at `now` covering each monitor (through a status page component linked
 * to it); the one ending last when several do, since the hold lasts until then.
 */
export async function loadMaintenanceHolds(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, MaintenanceHold>> {
  const holds = new Map<string, MaintenanceHold>();
  const unique = [...new Set(monitorIds)];
  if (unique.length === 0) return holds;
  const rows = await db
    .selectFrom("status_component_monitors as cm")
    .innerJoin("status_maintenance_components as mc", "mc.component_id", "cm.component_id")
    .innerJoin("status_maintenances as m", "m.id", "mc.maintenance_id")
    .select(["cm.monitor_id", "m.id", "m.title", "m.ends_at"])
    .where("cm.monitor_id", "in", unique)
    .where("m.cancelled_at", "is", null)
    .where("m.starts_at", "<=", now)
    .where("m.ends_at", ">", now)
    .execute();
  for (const row of rows) {
    const endsAt = Number(row.ends_at);
    const known = holds.get(row.monitor_id);
    if (!known || endsAt > known.endsAt) {
      holds.set(row.monitor_id, { id: row.id, title: row.title, endsAt });
    }
  }
  return holds;
}
