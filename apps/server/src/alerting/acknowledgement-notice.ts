import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { enqueueClosingNotice } from "./alert-lifecycle.ts";
import type { AlertingContext } from "./alerting-context.ts";
import { AlertingSnapshot } from "./alerting-snapshot.ts";
import { loadLastCheck } from "./last-check.ts";

/**
 * Queues `alert.acknowledged` for an alert just acknowledged, inside the caller's transaction:
 * to the channels that received the alert, of the types that take acknowledgements. Returns how
 * many were queued.
 */
export async function enqueueAcknowledgementNotice(
  trx: Kysely<Database>,
  actx: AlertingContext,
  alert: AlertTable,
  at: number,
): Promise<number> {
  if (alert.notifications_sent === 0) return 0;
  const snapshot = await AlertingSnapshot.forAlerts(trx, [alert], { from: at, to: at });
  const check = alert.monitor_id === null ? null : await loadLastCheck(trx, alert.monitor_id);
  return enqueueClosingNotice(trx, actx, snapshot, alert, "alert.acknowledged", at, check);
}
