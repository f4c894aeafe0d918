import { decideNotification, HEARTBEAT_CHECK_REGION } from "@upwatch/core";
import type { AlertTable, Database, IncidentTable, NotificationTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { CheckRecord } from "../check-intake/check-record.ts";
import type { ChangedAlert } from "./alert-changes.ts";
import {
  closeAlert,
  enqueueClosingNotice,
  newAlertRow,
  notifyDueAlert,
} from "./alert-lifecycle.ts";
import { escalationOf } from "./alert-record.ts";
import type { AlertingContext } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import { notificationRows } from "./enqueue-notifications.ts";
import { alertNotification } from "./monitor-notices.ts";
import type { CheckFacts } from "./notification-message.ts";
import { type SubjectRef, subjectColumn } from "./subject-ref.ts";

/**
 * Outages: a monitor going down opens an incident and its Critical `monitor-down` alert;
 * recovering ends both with a notice and frees its children's held notifications.
 */

const CHUNK = 300;

/**
 * Monitors going down in one batch of checks: each gets an incident and a Critical alert whose
 * first notification is decided at once (held while every parent is down). Decisions follow the
 * batch's order; the rows are written together, so a thousand monitors failing at once cost a
 * few statements rather than thousands.
 */
export class OutageOpenings {
  private incidents: IncidentTable[] = [];
  private alerts: AlertTable[] = [];
  private notifications: NotificationTable[] = [];

  private constructor(
    private readonly actx: AlertingContext,
    private readonly snapshot: AlertingSnapshot,
    private readonly open: Set<string>,
  ) {}

  /** Starts a batch, knowing which of these monitors already have an open outage alert. */
  static async start(
    trx: Kysely<Database>,
    actx: AlertingContext,
    snapshot: AlertingSnapshot,
    monitorIds: string[],
  ): Promise<OutageOpenings> {
    const open = new Set<string>();
    for (let i = 0; i < monitorIds.length; i += CHUNK) {
      const rows = await trx
        .selectFrom("alerts")
        .select("monitor_id")
        .where("monitor_id", "in", monitorIds.slice(i, i + CHUNK))
        .where("kind", "=", "monitor-down")
        .where("state", "=", "open")
        .execute();
      for (const row of rows) if (row.monitor_id !== null) open.add(row.monitor_id);
    }
    return new OutageOpenings(actx, snapshot, open);
  }

  /** The monitor went down with this check. */
  add(record: CheckRecord): void {
    const monitor = this.snapshot.monitor(record.monitorId);
    if (!monitor) return;
    this.snapshot.setDown(monitor.id, true, record.health.consecutiveFailures);
    if (this.open.has(monitor.id)) return;
    this.open.add(monitor.id);
    const at = record.checkedAt;
    const cause = record.outcome.error ?? "The check failed.";
    const message = monitor.agent_name
      ? fromAgent(cause, monitor.agent_name)
      : withRegions(cause, record.failedRegions);
    const incident: IncidentTable = {
      id: this.actx.newId("inc"),
      account_id: monitor.account_id,
      monitor_id: monitor.id,
      started_at: at,
      ended_at: null,
      cause: cause.slice(0, 1000),
      status_code: record.outcome.statusCode,
    };
    const alert = newAlertRow(this.actx, {
      monitor,
      kind: "monitor-down",
      severity: "critical",
      message,
      at,
      incidentId: incident.id,
    });
    const { decision, escalation } = decideNotification(
      escalationOf(alert),
      at,
      this.snapshot.isSuppressed(monitor.id, at),
    );
    if (decision === "suppressed") alert.held = 1;
    if (decision === "notify") {
      alert.notifications_sent = escalation.notificationsSent;
      alert.next_due_at = escalation.nextDueAt;
      const request = alertNotification(this.actx, this.snapshot, alert, at, checkFactsOf(record));
      if (request) this.notifications.push(...notificationRows(this.actx, this.snapshot, request));
    }
    this.incidents.push(incident);
    this.alerts.push(alert);
  }

  /** Writes what was added since the last write; returns how many notifications were queued. */
  async write(trx: Kysely<Database>): Promise<number> {
    const { incidents, alerts, notifications } = this;
    this.incidents = [];
    this.alerts = [];
    this.notifications = [];
    for (let i = 0; i < incidents.length; i += CHUNK) {
      await trx
        .insertInto("incidents")
        .values(incidents.slice(i, i + CHUNK))
        .execute();
    }
    for (let i = 0; i < alerts.length; i += CHUNK) {
      await trx
        .insertInto("alerts")
        .values(alerts.slice(i, i + CHUNK))
        .execute();
    }
    for (const alert of alerts) this.actx.changes?.add(alert);
    for (let i = 0; i < notifications.length; i += CHUNK) {
      await trx
        .insertInto("notifications")
        .values(notifications.slice(i, i + CHUNK))
        .execute();
    }
    return notifications.length;
  }
}

/** The check of a record as notifications report it. */
export function checkFactsOf(record: CheckRecord): CheckFacts {
  return {
    checkedAt: record.checkedAt,
    statusCode: record.outcome.statusCode,
    responseMs:
      record.outcome.responseTimeMs === null ? null : Math.round(record.outcome.responseTimeMs),
    region: record.region,
    failedRegions: record.failedRegions,
  };
}

/** "The connection was refused. Failed from agent db-primary.": an agent-run monitor has no regions. */
export function fromAgent(cause: string, agentName: string): string {
  const sentence = /[.!?)]$/.test(cause.trim()) ? cause.trim() : `${cause.trim()}.`;
  return `${sentence} Failed from agent ${agentName}.`;
}

/** "The connection was refused. Failed from eu-west-1 and us-west-2." when regions are known. */
export function withRegions(cause: string, failedRegions: readonly string[] | undefined): string {
  // A heartbeat's check ran from nowhere: its region is a marker, not a place to name.
  const regions = failedRegions?.filter((region) => region !== HEARTBEAT_CHECK_REGION) ?? [];
  if (!regions.length) return cause;
  const list =
    regions.length === 1 ? regions[0] : `${regions.slice(0, -1).join(", ")} and ${regions.at(-1)}`;
  const sentence = /[.!?)]$/.test(cause.trim()) ? cause.trim() : `${cause.trim()}.`;
  return `${sentence} Failed from ${list}.`;
}

/**
 * A monitor recovered: end its incident, resolve its alert with a recovery notice (the count
 * starts from zero next time), and send its children's held notifications now.
 */
export async function endOutage(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  record: CheckRecord,
): Promise<number> {
  const monitorId = record.monitorId;
  const at = record.checkedAt;
  snapshot.setDown(monitorId, false, 0);
  await endOpenIncident(trx, monitorId, at);
  const open = await trx
    .selectFrom("alerts")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .where("kind", "=", "monitor-down")
    .where("state", "=", "open")
    .execute();
  let queued = 0;
  for (const alert of open) {
    if (!(await closeAlert(trx, actx, alert, at, "recovered"))) continue;
    queued += await enqueueClosingNotice(
      trx,
      actx,
      snapshot,
      alert,
      "monitor.up",
      at,
      checkFactsOf(record),
    );
  }
  for (const child of snapshot.childrenOf(monitorId)) {
    queued += await releaseDueAlerts(trx, actx, snapshot, { type: "monitor", id: child }, at);
  }
  for (const agent of snapshot.childAgentsOf(monitorId)) {
    queued += await releaseDueAlerts(trx, actx, snapshot, { type: "agent", id: agent }, at);
  }
  return queued;
}

/** Sends the due notifications of a monitor (or an agent) that are no longer suppressed. */
export async function releaseDueAlerts(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  of: SubjectRef,
  at: number,
): Promise<number> {
  const due = await trx
    .selectFrom("alerts")
    .selectAll()
    .where(subjectColumn(of), "=", of.id)
    .where("state", "=", "open")
    .where("acknowledged_at", "is", null)
    .where("next_due_at", "<=", at)
    .execute();
  let queued = 0;
  for (const alert of due) queued += (await notifyDueAlert(trx, actx, snapshot, alert, at)).queued;
  return queued;
}

/**
 * A down monitor's type or target changed, so it starts over as unknown: its incident ends and
 * its alert resolves without a notice (nothing recovered; what was down is no longer watched).
 * Returns the alerts it resolved.
 */
export async function endOutageOfChangedMonitor(
  trx: Kysely<Database>,
  monitorId: string,
  at: number,
): Promise<ChangedAlert[]> {
  await endOpenIncident(trx, monitorId, at);
  return trx
    .updateTable("alerts")
    .set({ state: "resolved", resolved_at: at, resolution: "monitor-changed", next_due_at: null })
    .where("monitor_id", "=", monitorId)
    .where("kind", "=", "monitor-down")
    .where("state", "=", "open")
    .returning(["id", "account_id"])
    .execute();
}

async function endOpenIncident(trx: Kysely<Database>, monitorId: string, at: number) {
  await trx
    .updateTable("incidents")
    .set({ ended_at: at })
    .where("monitor_id", "=", monitorId)
    .where("ended_at", "is", null)
    .execute();
}
