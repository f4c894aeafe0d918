import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { CheckRecord } from "../check-intake/check-record.ts";
import { followMonitorStates } from "../services/status-components-follow/follow-monitor-states.ts";
import type { AlertingContext } from "./alerting-context.ts";
import { AlertingSnapshot } from "./alerting-snapshot.ts";
import { endOutage, OutageOpenings } from "./outages.ts";
import { applyCertificate, loadSslAlerts } from "./ssl-expiry-alerts.ts";

/**
 * Turns a batch of stored checks into alerts, inside the transaction that stores them: a monitor
 * going down opens an incident and an alert, recovering resolves them and frees its children's
 * held notifications, certificates raise expiry alerts; every notification is queued in the
 * same transaction, and status page components following the monitors take their new state.
 * Checks apply in time order. Returns how many notifications were queued.
 */
export async function applyChecks(
  trx: Kysely<Database>,
  actx: AlertingContext,
  records: readonly CheckRecord[],
): Promise<number> {
  const relevant = records
    .filter((record) => record.transition || record.outcome.certificate)
    .sort((a, b) => a.checkedAt - b.checkedAt);
  if (relevant.length === 0) return 0;
  const snapshot = await AlertingSnapshot.load(
    trx,
    relevant.map((record) => record.monitorId),
    { from: relevant[0]!.checkedAt, to: Math.max(relevant.at(-1)!.checkedAt, actx.now()) },
  );
  const certificateMonitors = [
    ...new Set(relevant.filter((r) => r.outcome.certificate).map((r) => r.monitorId)),
  ];
  const sslAlerts = await loadSslAlerts(trx, certificateMonitors);
  const openings = await OutageOpenings.start(
    trx,
    actx,
    snapshot,
    relevant.filter((r) => r.transition === "went-down").map((r) => r.monitorId),
  );
  let queued = 0;
  for (const record of relevant) {
    if (record.transition === "went-down") {
      openings.add(record);
      continue;
    }
    // Whatever follows may read the outages opened so far, so they are written first.
    queued += await openings.write(trx);
    if (record.transition === "recovered") queued += await endOutage(trx, actx, snapshot, record);
    if (record.outcome.certificate) {
      const raised = sslAlerts.get(record.monitorId) ?? [];
      sslAlerts.set(record.monitorId, raised);
      queued += await applyCertificate(trx, actx, snapshot, record, raised);
    }
  }
  queued += await openings.write(trx);
  await followChangedMonitors(trx, actx, records);
  return queued;
}

/** Status page components following their monitors take the batch's ups and downs. */
async function followChangedMonitors(
  trx: Kysely<Database>,
  actx: AlertingContext,
  records: readonly CheckRecord[],
): Promise<void> {
  if (!records.some((record) => record.transition)) return;
  const latest = new Map<string, CheckRecord>();
  for (const record of records) {
    const seen = latest.get(record.monitorId);
    if (!seen || seen.checkedAt <= record.checkedAt) latest.set(record.monitorId, record);
  }
  const states = new Map([...latest].map(([id, record]) => [id, record.health.status]));
  const changedIds = [...new Set(records.filter((r) => r.transition).map((r) => r.monitorId))];
  await followMonitorStates(trx, changedIds, states, actx.now());
}
