import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

import { loadMonitorMaintenanceWindows } from "./monitor-maintenance-windows.ts";

export { monitorsOfEndedWindows } from "./monitor-maintenance-windows.ts";

interface HeldSpan {
  startsAt: number;
  endsAt: number;
}

/**
 * The maintenance windows that hold monitors' alerts: a window of a status page holds the alerts
 * of every monitor linked to one of its components, a monitor window those of its monitors and
 * of its groups' members, from its start (or an occurrence's) until (not including) its end; a
 * cancelled or skipped one holds nothing.
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
