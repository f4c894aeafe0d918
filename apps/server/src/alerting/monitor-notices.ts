import type { AlertSeverity } from "@upwatch/core";
import type { AlertTable } from "@upwatch/db";
import { describeDuration } from "../describe-duration.ts";
import { type AlertingContext, alertPageUrl } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import type { NotificationRequest } from "./enqueue-notifications.ts";
import { loadLastCheck } from "./last-check.ts";
import { buildAlertMessage, type CheckFacts } from "./notification-message.ts";
import type { SubjectAlerting } from "./subject-alerting.ts";

/**
 * How alerting treats a monitor's alert: held while every parent is down or a maintenance
 * window holds it; an outage repeats on the schedule, a certificate's warning is said once.
 */
export function monitorAlerting(
  snapshot: AlertingSnapshot,
  monitorId: string | null,
): SubjectAlerting {
  return {
    isHeld: (_alert, at) => monitorId !== null && snapshot.isSuppressed(monitorId, at),
    repeats: (alert) => alert.kind === "monitor-down",
    dueNotice: async (trx, actx, alert, at, { check }) => {
      const facts =
        check !== undefined || monitorId === null
          ? (check ?? null)
          : await loadLastCheck(trx, monitorId);
      return alertNotification(actx, snapshot, alert, at, facts);
    },
    closingNotice: async (_trx, actx, alert, event, at, { check }) => {
      const monitor = monitorId === null ? undefined : snapshot.monitor(monitorId);
      if (!monitor) return null;
      const openFor = describeDuration(at - alert.opened_at);
      const text =
        event === "monitor.up"
          ? `${monitor.name} is up again after ${openFor}.`
          : event === "alert.acknowledged"
            ? `The alert was acknowledged after ${openFor}; no more notifications are sent for it.`
            : `The alert ${howItEnded(alert)} after ${openFor}.`;
      const closedFor = alert.resolution !== null && alert.resolution !== "by-hand";
      return notificationOf(actx, snapshot, alert, {
        event,
        at,
        check: check ?? null,
        number: null,
        text,
        ...(event === "alert.resolved" && closedFor
          ? { summary: `The alert for ${monitor.name} ${howItEnded(alert)}` }
          : {}),
      });
    },
  };
}

/** How an alert that did not recover ended, in the closing notice's words. */
function howItEnded(alert: AlertTable): string {
  if (alert.resolution === "certificate-renewed") {
    return "was closed because the certificate was renewed";
  }
  if (alert.resolution === "superseded") {
    return "was closed because a warning of a nearer expiry replaced it";
  }
  return "was resolved by hand";
}

/** The notification a monitor's alert sends now that its count is `notifications_sent`. */
export function alertNotification(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  at: number,
  check: CheckFacts | null,
): NotificationRequest | null {
  const number = alert.notifications_sent;
  const event =
    alert.kind === "monitor-no-agent"
      ? "monitor.no-agent"
      : alert.kind !== "monitor-down"
        ? "ssl.expiring"
        : number === 1
          ? "monitor.down"
          : "alert.escalated";
  return notificationOf(actx, snapshot, alert, { event, at, check, number, text: alert.message });
}

interface NoticeInput {
  event: NotificationRequest["event"];
  at: number;
  check: CheckFacts | null;
  /** Which notification of the alert this is; null for closing notices. */
  number: number | null;
  /** What the notification says happened. */
  text: string;
  /** Its few words, when the event's usual ones do not fit ("... was closed: ..."). */
  summary?: string;
}

/** One notification of a monitor's alert, to every channel of its monitor. */
function notificationOf(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  input: NoticeInput,
): NotificationRequest | null {
  const monitor = alert.monitor_id === null ? undefined : snapshot.monitor(alert.monitor_id);
  if (!monitor) return null;
  return {
    subject: { type: "monitor", id: monitor.id },
    alertId: alert.id,
    event: input.event,
    severity: alert.severity as AlertSeverity,
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
      ...(input.summary ? { summary: input.summary } : {}),
      consecutiveFailures: monitor.consecutive_failures,
      number: input.number,
      alertUrl: alertPageUrl(actx, alert.page_token),
    }),
  };
}
