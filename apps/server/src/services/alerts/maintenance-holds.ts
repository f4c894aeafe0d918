import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { loadMonitorMaintenanceWindows } from "../../alerting/index.ts";

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
  const windows = await loadMonitorMaintenanceWindows(db, monitorIds, { from: now, to: now });
  for (const [monitorId, list] of windows) {
    for (const { id, title, endsAt } of list) {
      const known = holds.get(monitorId);
      if (!known || endsAt > known.endsAt) holds.set(monitorId, { id, title, endsAt });
    }
  }
  return holds;
}
