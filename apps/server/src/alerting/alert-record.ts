import type { AlertState, Escalation } from "@upwatch/core";
import type { AlertTable } from "@upwatch/db";

/** Where a stored alert stands in the escalation rules of `@upwatch/core`. */
export function escalationOf(alert: AlertTable): Escalation {
  return {
    notificationsSent: alert.notifications_sent,
    nextDueAt: alert.next_due_at,
    acknowledged: alert.acknowledged_at !== null,
  };
}

/** Open, acknowledged (open, but quiet) or resolved. */
export function alertState(alert: Pick<AlertTable, "state" | "acknowledged_at">): AlertState {
  if (alert.state === "resolved") return "resolved";
  return alert.acknowledged_at === null ? "open" : "acknowledged";
}
