import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

const CHUNK = 400;

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
  const spans = new Map<string, HeldSpan[]>();
  for (let i = 0; i < monitorIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("status_component_monitors as cm")
      .innerJoin("status_maintenance_components as mc", "mc.component_id", "cm.component_id")
      .innerJoin("status_maintenances as m", "m.id", "mc.maintenance_id")
      .select(["cm.monitor_id", "m.starts_at", "m.ends_at"])
      .where("cm.monitor_id", "in", monitorIds.slice(i, i + CHUNK))
      .where("m.cancelled_at", "is", null)
      .where("m.ends_at", ">", span.from)
      .where("m.starts_at", "<=", span.to)
      .execute();
    for (const row of rows) {
      const list = spans.get(row.monitor_id) ?? [];
      list.push({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) });
      spans.set(row.monitor_id, list);
    }
  }
  return new MaintenanceHolds(spans);
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
