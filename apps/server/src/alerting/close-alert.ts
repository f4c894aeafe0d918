import type { AlertResolution, AlertSeverity, NotificationEvent } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AlertingContext, alertPageUrl } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import { describeDuration } from "./describe-duration.ts";
import { enqueueNotifications } from "./enqueue-notifications.ts";
import { buildAlertMessage, type CheckFacts } from "./notification-message.ts";

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
  const message =
    event === "monitor.up"
      ? `${monitor.name} is up again after ${openFor}.`
      : `The alert was resolved by hand after ${openFor}.`;
  return enqueueNotifications(trx, actx, snapshot, {
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
        message,
        openedAt: alert.opened_at,
      },
      check,
      consecutiveFailures: monitor.consecutive_failures,
      number: null,
      alertUrl: alertPageUrl(actx, alert.page_token),
    }),
  });
}
