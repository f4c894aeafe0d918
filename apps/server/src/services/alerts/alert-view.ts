import type { AlertKind, AlertSeverity, AlertState } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { alertState } from "../../alerting/index.ts";
import { loadAgentSuppression, loadSubjectNames } from "./alert-subjects.ts";
import { loadMaintenanceHolds, type MaintenanceHold } from "./maintenance-holds.ts";
import { type HoldingParent, suppressedChildren } from "./suppressed-children.ts";

/** An alert as the API shows it, with whether its notifications are held back right now. */
export interface AlertView {
  id: string;
  /** The monitor the alert is about; null for an agent's alert. */
  monitor_id: string | null;
  agent_id: string | null;
  subject: { type: "monitor" | "agent"; id: string; name: string };
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
  /** The ids of the parents holding the notifications back. */
  suppressed_by: string[];
  /** The same parents with their names, for saying which ones hold the alert back. */
  held_by: HoldingParent[];
  /** The maintenance window under way that holds the notifications back, if any. */
  held_by_maintenance: MaintenanceHold | null;
}

/** The down parents of each monitor whose parents are all down. */
export async function loadSuppression(
  db: Kysely<Database>,
  monitorIds: readonly string[],
): Promise<Map<string, HoldingParent[]>> {
  const unique = [...new Set(monitorIds)];
  if (unique.length === 0) return new Map();
  const edges = await db
    .selectFrom("dependencies")
    .innerJoin("monitors", "monitors.id", "dependencies.parent_monitor_id")
    .select([
      "dependencies.child_monitor_id as child",
      "monitors.id as parent",
      "monitors.name",
      "monitors.state",
    ])
    .where("dependencies.child_monitor_id", "in", unique)
    .execute();
  return suppressedChildren(edges);
}

/** Presents stored alerts at `now`; suppression only matters while they are open. */
export async function viewAlerts(
  db: Kysely<Database>,
  alerts: readonly AlertTable[],
  now: number,
): Promise<AlertView[]> {
  const open = alerts.filter((alert) => alert.state === "open");
  const openMonitors = open.flatMap((alert) => (alert.monitor_id ? [alert.monitor_id] : []));
  const openAgents = open.flatMap((alert) => (alert.agent_id ? [alert.agent_id] : []));
  const suppression = await loadSuppression(db, openMonitors);
  const agentSuppression = await loadAgentSuppression(db, openAgents);
  const holds = await loadMaintenanceHolds(db, openMonitors, now);
  const names = await loadSubjectNames(db, alerts);
  return alerts.map((alert) => {
    const subjectId = alert.agent_id ?? alert.monitor_id ?? "";
    const type = alert.agent_id ? "agent" : "monitor";
    const suppressedBy = alert.agent_id ? agentSuppression : suppression;
    const by = alert.state === "open" ? (suppressedBy.get(subjectId) ?? []) : [];
    const held = alert.state === "open" && alert.monitor_id ? holds.get(alert.monitor_id) : null;
    return {
      id: alert.id,
      monitor_id: alert.monitor_id,
      agent_id: alert.agent_id,
      subject: { type, id: subjectId, name: names.get(`${type}:${subjectId}`) ?? "" },
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
      suppressed_by: by.map((parent) => parent.monitor_id),
      held_by: by,
      held_by_maintenance: held ?? null,
    };
  });
}
