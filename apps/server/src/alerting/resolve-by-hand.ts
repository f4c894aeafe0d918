import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { AlertChanges } from "./alert-changes.ts";
import { closeAlert, enqueueClosingNotice } from "./alert-lifecycle.ts";
import { type AlertingContext, inTransaction } from "./alerting-context.ts";
import { AlertingSnapshot } from "./alerting-snapshot.ts";
import { loadLastCheck } from "./last-check.ts";

/**
 * Resolves an open alert by hand, with an `alert.resolved` notice when its opening was notified,
 * and announces the change once committed. Returns how many notifications were queued (0 when
 * another path resolved it first).
 */
export async function resolveAlertByHand(
  db: Kysely<Database>,
  actx: AlertingContext,
  alert: AlertTable,
  at: number,
): Promise<number> {
  const changes = new AlertChanges();
  const tactx = inTransaction(actx, changes);
  const queued = await db.transaction().execute(async (trx) => {
    if (!(await closeAlert(trx, tactx, alert, at, "by-hand"))) return 0;
    const snapshot = await AlertingSnapshot.forAlerts(trx, [alert], { from: at, to: at });
    const check = alert.monitor_id === null ? null : await loadLastCheck(trx, alert.monitor_id);
    return enqueueClosingNotice(trx, tactx, snapshot, alert, "alert.resolved", at, check);
  });
  changes.announce(actx.alertsChanged);
  return queued;
}
