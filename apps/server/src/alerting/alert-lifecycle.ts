import { randomBytes } from "node:crypto";
import {
  type AlertKind,
  type AlertResolution,
  type AlertSeverity,
  decideNotification,
  type NotificationDecision,
  type NotificationEvent,
  openEscalation,
} from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { escalationOf } from "./alert-record.ts";
import { type AlertingContext, alertPageUrl } from "./alerting-context.ts";
import type { AlertingSnapshot, MonitorFacts } from "./alerting-snapshot.ts";
import { describeDuration } from "./describe-duration.ts";
import { enqueueNotifications, type NotificationRequest } from "./enqueue-notifications.ts";
import { buildAlertMessage, type CheckFacts } from "./notification-message.ts";

/**
 * The life of one alert: opened, notified when due (held while every parent is down), closed,
 * with a closing notice for those who heard of its opening. Every step is a conditional update,
 * so two processes deciding the same alert act once.
 */

export interface NewAlert {
  monitor: MonitorFacts;
  kind: AlertKind;
  severity: AlertSeverity;
  message: string;
  at: number;
  incidentId?: string | null;
  dedupeKey?: string | null;
}

/** Stores a new open alert whose first notification is due at once (`openEscalation`). */
export async function openAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  input: NewAlert,
): Promise<AlertTable> {
  const alert = newAlertRow(actx, input);
  await trx.insertInto("alerts").values(alert).execute();
  actx.changes?.add(alert);
  return alert;
}

/** A new open alert, not stored yet, whose first notification is due at once. */
export function newAlertRow(actx: AlertingContext, input: NewAlert): AlertTable {
  const escalation = openEscalation(input.at);
  return {
    id: actx.newId("alt"),
    account_id: input.monitor.account_id,
    monitor_id: input.monitor.id,
    incident_id: input.incidentId ?? null,
    kind: input.kind,
    severity: input.severity,
    message: input.message.slice(0, 1000),
    dedupe_key: input.dedupeKey ?? null,
    state: "open",
    opened_at: input.at,
    acknowledged_at: null,
    resolved_at: null,
    resolution: null,
    notifications_sent: escalation.notificationsSent,
    next_due_at: escalation.nextDueAt,
    held: 0,
    // 72 random bits: the address of the alert's page, short enough for a text message.
    page_token: randomBytes(9).toString("base64url"),
  };
}

export interface DueOutcome {
  decision: NotificationDecision;
  queued: number;
}

/**
 * Applies `decideNotification` to an open alert at `at`: sends a due notification, holds it
 * while every parent is down (it stays due), or does nothing. The update is conditional on the
 * count read, so two processes deciding the same alert notify once.
 */
export async function notifyDueAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  at: number,
  check?: CheckFacts | null,
): Promise<DueOutcome> {
  const { decision, escalation } = decideNotification(
    escalationOf(alert),
    at,
    snapshot.isSuppressed(alert.monitor_id, at),
  );
  if (alert.state !== "open" || decision === "not-due") return { decision: "not-due", queued: 0 };
  if (decision === "suppressed") {
    if (alert.held === 0) {
      await trx.updateTable("alerts").set({ held: 1 }).where("id", "=", alert.id).execute();
      alert.held = 1;
    }
    return { decision, queued: 0 };
  }
  const repeats = alert.kind === "monitor-down";
  const nextDueAt = repeats ? escalation.nextDueAt : null;
  const updated = await trx
    .updateTable("alerts")
    .set({ notifications_sent: escalation.notificationsSent, next_due_at: nextDueAt, held: 0 })
    .where("id", "=", alert.id)
    .where("state", "=", "open")
    .where("acknowledged_at", "is", null)
    .where("notifications_sent", "=", alert.notifications_sent)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { decision: "not-due", queued: 0 };
  Object.assign(alert, {
    notifications_sent: escalation.notificationsSent,
    next_due_at: nextDueAt,
    held: 0,
  });
  actx.changes?.add(alert);
  const facts = check === undefined ? await loadLastCheck(trx, alert.monitor_id) : check;
  const request = alertNotification(actx, snapshot, alert, at, facts);
  const queued = request ? await enqueueNotifications(trx, actx, snapshot, request) : 0;
  return { decision, queued };
}

/** The notification an alert sends now that its count is `notifications_sent`. */
export function alertNotification(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  at: number,
  check: CheckFacts | null,
): NotificationRequest | null {
  const number = alert.notifications_sent;
  const event =
    alert.kind !== "monitor-down"
      ? "ssl.expiring"
      : number === 1
        ? "monitor.down"
        : "alert.escalated";
  return notificationOf(actx, snapshot, alert, { event, at, check, number, text: alert.message });
}

/** Resolves an open alert; false when it was resolved already (by another path or process). */
export async function closeAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  alert: AlertTable,
  at: number,
  resolution: AlertResolution,
): Promise<boolean> {
  const result = await trx
    .updateTable("alerts")
    .set({ state: "resolved", resolved_at: at, resolution, next_due_at: null, held: 0 })
    .where("id", "=", alert.id)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  Object.assign(alert, { state: "resolved", resolved_at: at, resolution, next_due_at: null });
  actx.changes?.add(alert);
  return true;
}

/**
 * Queues the notice that an alert is over (`monitor.up` on recovery, `alert.resolved` by hand),
 * only when its opening was notified: people who never heard of an alert hear nothing of its end.
 */
export async function enqueueClosingNotice(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  event: Extract<NotificationEvent, "monitor.up" | "alert.resolved">,
  at: number,
  check: CheckFacts | null,
): Promise<number> {
  const monitor = snapshot.monitor(alert.monitor_id);
  if (!monitor || alert.notifications_sent === 0) return 0;
  const openFor = describeDuration(at - alert.opened_at);
  const text =
    event === "monitor.up"
      ? `${monitor.name} is up again after ${openFor}.`
      : `The alert was resolved by hand after ${openFor}.`;
  const request = notificationOf(actx, snapshot, alert, { event, at, check, number: null, text });
  return request ? enqueueNotifications(trx, actx, snapshot, request) : 0;
}

/** The monitor's most recent stored check, or null before its first. */
export async function loadLastCheck(
  db: Kysely<Database>,
  monitorId: string,
): Promise<CheckFacts | null> {
  const row = await db
    .selectFrom("check_results")
    .select(["checked_at", "planned_at", "status_code", "response_ms", "region"])
    .where("monitor_id", "=", monitorId)
    .orderBy("checked_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  // The regions that failed the latest round, so a repeated notice says where it fails.
  const failed = await db
    .selectFrom("check_results")
    .select("region")
    .where("monitor_id", "=", monitorId)
    .where("planned_at", "=", row.planned_at)
    .where("up", "=", 0)
    .orderBy("checked_at")
    .execute();
  return {
    checkedAt: row.checked_at,
    statusCode: row.status_code,
    responseMs: row.response_ms,
    region: row.region,
    failedRegions: failed.map((result) => result.region),
  };
}

interface NoticeInput {
  event: NotificationEvent;
  at: number;
  check: CheckFacts | null;
  /** Which notification of the alert this is; null for closing notices. */
  number: number | null;
  /** What the notification says happened. */
  text: string;
}

/** One notification of an alert, to every channel of its monitor. */
function notificationOf(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  input: NoticeInput,
): NotificationRequest | null {
  const monitor = snapshot.monitor(alert.monitor_id);
  if (!monitor) return null;
  return {
    monitorId: alert.monitor_id,
    alertId: alert.id,
    event: input.event,
    at: input.at,
    message: buildAlertMessage({
      event: input.event,
      at: input.at,
      monitor,
      alert: {
        id: alert.id,
        severity: alert.severity as AlertSeverity,
        message: input.text,
        openedAt: alert.opened_at,
      },
      check: input.check,
      consecutiveFailures: monitor.consecutive_failures,
      number: input.number,
      alertUrl: alertPageUrl(actx, alert.page_token),
    }),
  };
}
