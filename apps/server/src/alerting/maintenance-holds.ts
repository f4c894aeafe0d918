import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

import { loadMonitorMaintenanceWindows } from "./monitor-maintenance-windows.ts";

interface HeldSpan {
  startsAt: number;
  endsAt: number;
}

/**
 * The maintenance windows that hold monitors' alerts: a window of a status page holds the alerts
 * of every monitor linked to one of its components, from its start until (not including) its
 * end; a cancelled window holds nothing.
 */
export class MaintenanceHolds {
  constructor(private readonly spans: ReadonlyMap<string, readonly HeldSpan[]>) {}

  /** Whether a window linked to the monitor is under way at `at`. */
  isHeld(monitorId: string, at: number): boolean {
    const spans = this.spans.get(monitorId);
    return spans?.some((span) => span.startsAt <= at && at < span.endsAt) ?? false;
  }
}

/** The windows holding these monitors' alerts at some moment from `span.from` to `span.to`. */
export async function loadMaintenanceHolds(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  span: { from: number; to: number },
): Promise<MaintenanceHolds> {
  return new MaintenanceHolds(await loadMonitorMaintenanceWindows(db, monitorIds, span));
}

/**
 * The monitors whose maintenance windows ended in `(since, until]`: their held alerts may be
 * due now. A window ended early ("End" sets its end to that moment) is found the same way.
 */
export async function monitorsOfEndedWindows(
  db: Kysely<Database>,
  since: number,
  until: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("status_maintenances as m")
    .innerJoin("status_maintenance_components as mc", "mc.maintenance_id", "m.id")
    .innerJoin("status_component_monitors as cm", "cm.component_id", "mc.component_id")
    .select("cm.monitor_id")
    .distinct()
    .where("m.ends_at", ">", since)
    .where("m.ends_at", "<=", until)
    .where("m.cancelled_at", "is", null)
    .execute();
  return rows.map((row) => row.monitor_id);
}
