import {
  type AlertKind,
  type AlertSeverity,
  type AlertState,
  isSuppressedByParents,
} from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { alertState } from "../../alerting/index.ts";
import { loadMaintenanceHolds, type MaintenanceHold } from "./maintenance-holds.ts";

/** An alert as the API shows it, with whether its notifications are held back right now. */
export interface AlertView {
  id: string;
  monitor_id: string;
  incident_id: string | null;
  kind: AlertKind;
  severity: AlertSeverity;
  state: AlertState;
  message: string;
  opened_at: number;
  acknowledged_at: number | null;
  resolved_at: number | null;
  resolution: string | null;
  notifications_sent: number;
  next_notification_at: number | null;
  /** True while every parent of the monitor is down (notifications are held back). */
  suppressed: boolean;
  /** The parents holding the notifications back. */
  suppressed_by: string[];
  /** The maintenance window under way that holds the notifications back, if any. */
  held_by_maintenance: MaintenanceHold | null;
}

/** The down parents of each monitor whose parents are all down. */
export async function loadSuppression(
  db: Kysely<Database>,
  monitorIds: readonly string[],
): Promise<Map<string, string[]>> {
  const suppressed = new Map<string, string[]>();
  const unique = [...new Set(monitorIds)];
  if (unique.length === 0) return suppressed;
  const edges = await db
    .selectFrom("dependencies")
    .innerJoin("monitors", "monitors.id", "dependencies.parent_monitor_id")
    .select(["dependencies.child_monitor_id as child", "monitors.id as parent", "monitors.state"])
    .where("dependencies.child_monitor_id", "in", unique)
    .execute();
  const parents = new Map<string, { id: string; down: boolean }[]>();
  for (const edge of edges) {
    parents.set(edge.child, [
      ...(parents.get(edge.child) ?? []),
      { id: edge.parent, down: edge.state === "down" },
    ]);
  }
  for (const [child, list] of parents) {
    if (isSuppressedByParents(list.map((p) => p.down))) {
      suppressed.set(
        child,
        list.map((p) => p.id),
      );
    }
  }
  return suppressed;
}

/** Presents stored alerts at `now`; suppression only matters while they are open. */
export async function viewAlerts(
  db: Kysely<Database>,
  alerts: readonly AlertTable[],
  now: number,
): Promise<AlertView[]> {
  const open = alerts.filter((alert) => alert.state === "open");
  const openMonitors = open.map((alert) => alert.monitor_id);
  const suppression = await loadSuppression(db, openMonitors);
  const holds = await loadMaintenanceHolds(db, openMonitors, now);
  return alerts.map((alert) => {
    const by = alert.state === "open" ? (suppression.get(alert.monitor_id) ?? []) : [];
    return {
      id: alert.id,
      monitor_id: alert.monitor_id,
      incident_id: alert.incident_id,
      kind: alert.kind as AlertKind,
      severity: alert.severity as AlertSeverity,
      state: alertState(alert),
      message: alert.message,
      opened_at: alert.opened_at,
      acknowledged_at: alert.acknowledged_at,
      resolved_at: alert.resolved_at,
      resolution: alert.resolution,
      notifications_sent: alert.notifications_sent,
      next_notification_at: alert.next_due_at,
      suppressed: by.length > 0,
      suppressed_by: by,
      held_by_maintenance: alert.state === "open" ? (holds.get(alert.monitor_id) ?? null) : null,
    };
  });
}
