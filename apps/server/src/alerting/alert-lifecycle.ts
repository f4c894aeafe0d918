import { type AlertSeverity, decideNotification, type NotificationDecision } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AlertingContext, alertPageUrl } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import { enqueueNotifications, type NotificationRequest } from "./enqueue-notifications.ts";
import { loadLastCheck } from "./last-check.ts";
import { buildAlertMessage, type CheckFacts } from "./notification-message.ts";

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
    {
      notificationsSent: alert.notifications_sent,
      nextDueAt: alert.next_due_at,
      acknowledged: alert.acknowledged_at !== null,
    },
    at,
    snapshot.isSuppressed(alert.monitor_id),
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
  const monitor = snapshot.monitor(alert.monitor_id);
  if (!monitor) return null;
  const number = alert.notifications_sent;
  const event =
    alert.kind !== "monitor-down"
      ? "ssl.expiring"
      : number === 1
        ? "monitor.down"
        : "alert.escalated";
  return {
    monitorId: alert.monitor_id,
    alertId: alert.id,
    event,
    at,
    message: buildAlertMessage({
      event,
      at,
      monitor,
      alert: {
        id: alert.id,
        severity: alert.severity as AlertSeverity,
        message: alert.message,
        openedAt: alert.opened_at,
      },
      check,
      consecutiveFailures: monitor.consecutive_failures,
      number,
      alertUrl: alertPageUrl(actx, alert.page_token),
    }),
  };
}
