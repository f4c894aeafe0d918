import {
  certificateDaysLeft,
  raisesSslAlert,
  SSL_EXPIRY_THRESHOLDS,
  type SslExpiryThreshold,
  sslExpirySeverity,
  sslExpiryThreshold,
} from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { CheckRecord } from "../check-intake/check-record.ts";
import { closeAlert, enqueueIncidentClose, notifyDueAlert, openAlert } from "./alert-lifecycle.ts";
import type { AlertingContext } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import { checkFactsOf } from "./outages.ts";

/** The SSL expiry alerts ever raised for these monitors, to raise each once per certificate. */
export async function loadSslAlerts(
  db: Kysely<Database>,
  monitorIds: string[],
): Promise<Map<string, AlertTable[]>> {
  const byMonitor = new Map<string, AlertTable[]>();
  if (monitorIds.length === 0) return byMonitor;
  const rows = await db
    .selectFrom("alerts")
    .selectAll()
    .where("monitor_id", "in", monitorIds)
    .where("kind", "=", "ssl-expiry")
    .execute();
  for (const row of rows) {
    if (row.monitor_id === null) continue;
    byMonitor.set(row.monitor_id, [...(byMonitor.get(row.monitor_id) ?? []), row]);
  }
  return byMonitor;
}

const keyOf = (fingerprint: string, threshold: SslExpiryThreshold) =>
  `ssl:${fingerprint}:${threshold}`;

function parseKey(alert: AlertTable): { fingerprint: string; threshold: SslExpiryThreshold } {
  const key = alert.dedupe_key ?? "";
  const cut = key.lastIndexOf(":");
  const threshold = Number(key.slice(cut + 1)) as SslExpiryThreshold;
  return {
    fingerprint: key.slice(4, cut),
    threshold: SSL_EXPIRY_THRESHOLDS.includes(threshold) ? threshold : 30,
  };
}

/**
 * Warning alerts at 30 and 14 days before a certificate expires and a Critical one at 7, each
 * once per certificate; a renewed certificate resolves them. They notify once, without repeats.
 */
export async function applyCertificate(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  record: CheckRecord,
  raised: AlertTable[],
): Promise<number> {
  const certificate = record.outcome.certificate;
  const monitor = snapshot.monitor(record.monitorId);
  if (!certificate || !monitor) return 0;
  const at = record.checkedAt;
  let queued = 0;
  for (const alert of raised) {
    if (alert.state === "open" && parseKey(alert).fingerprint !== certificate.fingerprint) {
      if (await closeAlert(trx, actx, alert, at, "certificate-renewed")) {
        queued += await enqueueIncidentClose(trx, actx, snapshot, alert, at);
      }
    }
  }
  const daysLeft = certificateDaysLeft(certificate.validTo, at);
  const threshold = sslExpiryThreshold(daysLeft);
  const ofThisCertificate = raised.filter(
    (alert) => parseKey(alert).fingerprint === certificate.fingerprint,
  );
  if (
    threshold === null ||
    !raisesSslAlert(
      ofThisCertificate.map((alert) => parseKey(alert).threshold),
      threshold,
    )
  ) {
    return queued;
  }
  for (const alert of ofThisCertificate) {
    if (alert.state === "open" && (await closeAlert(trx, actx, alert, at, "superseded"))) {
      queued += await enqueueIncidentClose(trx, actx, snapshot, alert, at);
    }
  }
  const on = new Date(certificate.validTo).toISOString().slice(0, 10);
  const message =
    daysLeft < 0
      ? `SSL certificate for ${monitor.target} expired on ${on}.`
      : `SSL certificate for ${monitor.target} expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"} (on ${on}).`;
  const alert = await openAlert(trx, actx, {
    monitor,
    kind: "ssl-expiry",
    severity: sslExpirySeverity(threshold),
    message,
    at,
    dedupeKey: keyOf(certificate.fingerprint, threshold),
  });
  raised.push(alert);
  return (
    queued + (await notifyDueAlert(trx, actx, snapshot, alert, at, checkFactsOf(record))).queued
  );
}
