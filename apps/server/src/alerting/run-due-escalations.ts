import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { AlertChanges } from "./alert-changes.ts";
import { notifyDueAlert } from "./alert-lifecycle.ts";
import { type AlertingContext, inTransaction } from "./alerting-context.ts";
import { AlertingSnapshot } from "./alerting-snapshot.ts";
import { monitorsOfEndedWindows } from "./maintenance-holds.ts";

const BATCH = 200;
const CHUNK = 300;
/** A tick this late still keeps the schedule; later (a stopped server) restarts it from now. */
export const SCHEDULE_SLACK_MS = 60_000;

export interface DueRun {
  notified: number;
  held: number;
  queued: number;
}

/**
 * Notifies every open, unacknowledged alert whose next notification is due by `now`, unless all
 * of its monitor's parents are down or a maintenance window of a linked status page component is
 * under way (then it is held). With `includeHeld`, held alerts are looked at again too, for
 * changes that did not pass through a parent's recovery (a deleted dependency).
 * A notification due a moment ago goes out stamped with its due time, so the schedule does not
 * drift with the ticker; a held one goes out now, and the schedule continues from then.
 */
export async function runDueEscalations(
  db: Kysely<Database>,
  actx: AlertingContext,
  options: { includeHeld?: boolean } = {},
): Promise<DueRun> {
  const run: DueRun = { notified: 0, held: 0, queued: 0 };
  const seen = new Set<string>();
  for (;;) {
    const now = actx.now();
    let query = db
      .selectFrom("alerts")
      .selectAll()
      .where("state", "=", "open")
      .where("acknowledged_at", "is", null)
      .where("next_due_at", "<=", now)
      .orderBy("next_due_at")
      .limit(BATCH);
    if (!options.includeHeld) query = query.where("held", "=", 0);
    const due = (await query.execute()).filter((alert) => !seen.has(alert.id));
    if (due.length === 0) return run;
    for (const alert of due) seen.add(alert.id);
    await notifyDueAlerts(db, actx, due, now, run);
  }
}

/**
 * Looks again at the held alerts of monitors whose maintenance windows ended in `(since, now]`,
 * so an alert still open when its window ends is notified then, as if it had just opened.
 */
export async function releaseMaintenanceHolds(
  db: Kysely<Database>,
  actx: AlertingContext,
  since: number,
): Promise<DueRun> {
  const run: DueRun = { notified: 0, held: 0, queued: 0 };
  const now = actx.now();
  const monitorIds = await monitorsOfEndedWindows(db, since, now);
  for (let i = 0; i < monitorIds.length; i += CHUNK) {
    const held = await db
      .selectFrom("alerts")
      .selectAll()
      .where("monitor_id", "in", monitorIds.slice(i, i + CHUNK))
      .where("state", "=", "open")
      .where("acknowledged_at", "is", null)
      .where("held", "=", 1)
      .where("next_due_at", "<=", now)
      .execute();
    for (let j = 0; j < held.length; j += BATCH) {
      await notifyDueAlerts(db, actx, held.slice(j, j + BATCH), now, run);
    }
  }
  return run;
}

/** Decides a batch of due alerts in one transaction with one snapshot of their monitors. */
async function notifyDueAlerts(
  db: Kysely<Database>,
  actx: AlertingContext,
  due: AlertTable[],
  now: number,
  run: DueRun,
): Promise<void> {
  const changes = new AlertChanges();
  await db.transaction().execute(async (trx) => {
    const snapshot = await AlertingSnapshot.forAlerts(trx, due, {
      from: now - SCHEDULE_SLACK_MS,
      to: now,
    });
    const tactx = inTransaction(actx, changes);
    for (const alert of due) {
      const outcome = await notifyDueAlert(trx, tactx, snapshot, alert, when(alert, now));
      if (outcome.decision === "notify") run.notified += 1;
      if (outcome.decision === "suppressed") run.held += 1;
      run.queued += outcome.queued;
    }
  });
  changes.announce(actx.alertsChanged);
}

function when(alert: AlertTable, now: number): number {
  const due = alert.next_due_at ?? now;
  return alert.held === 1 || now - due > SCHEDULE_SLACK_MS ? now : due;
}
