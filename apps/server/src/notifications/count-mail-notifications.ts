import type { MailAttemptListener } from "../mail/outbox-worker.ts";
import type { NotificationMetrics } from "../metrics/server-metrics.ts";
import { ALERT_MAIL_KIND } from "./log-mail-attempts.ts";

/** Counts an alert mail as a notification of the email channel once the outbox settled it. */
export function countMailNotifications(metrics: NotificationMetrics): MailAttemptListener {
  return async ({ row, ok, final }) => {
    if (row.kind === ALERT_MAIL_KIND && final) {
      metrics.notificationSent("email", ok ? "delivered" : "failed");
    }
  };
}
