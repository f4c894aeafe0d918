import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { CheckRecord } from "../engine/result-rows.ts";
import type { ChangedAlert } from "./alert-changes.ts";
import type { AlertingContext } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import { closeAlert, enqueueClosingNotice } from "./close-alert.ts";
import type { CheckFacts } from "./notification-message.ts";
import { notifyDueAlert } from "./notify-due-alert.ts";

/** The check of a record as notifications report it. */
export function checkFactsOf(record: CheckRecord): CheckFacts {
  return {
    checkedAt: record.checkedAt,
    statusCode: record.outcome.statusCode,
    responseMs:
      record.outcome.responseTimeMs === null ? null : Math.round(record.outcome.responseTimeMs),
    region: record.region,
  };
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
  await trx
    .updateTable("incidents")
    .set({ ended_at: at })
    .where("monitor_id", "=", monitorId)
    .where("ended_at", "is", null)
    .execute();
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
    queued += await releaseDueAlerts(trx, actx, snapshot, child, at);
  }
  return queued;
}

/** Sends the monitor's due notifications that are no longer suppressed. */
export async function releaseDueAlerts(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  monitorId: string,
  at: number,
): Promise<number> {
  const due = await trx
    .selectFrom("alerts")
    .selectAll()
    .where("monitor_id", "=", monitorId)
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
  await trx
    .updateTable("incidents")
    .set({ ended_at: at })
    .where("monitor_id", "=", monitorId)
    .where("ended_at", "is", null)
    .execute();
  return trx
    .updateTable("alerts")
    .set({ state: "resolved", resolved_at: at, resolution: "monitor-changed", next_due_at: null })
    .where("monitor_id", "=", monitorId)
    .where("kind", "=", "monitor-down")
    .where("state", "=", "open")
    .returning(["id", "account_id"])
    .execute();
}
