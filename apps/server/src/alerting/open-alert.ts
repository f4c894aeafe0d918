import { randomBytes } from "node:crypto";
import { type AlertKind, type AlertSeverity, openEscalation } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AlertingContext } from "./alerting-context.ts";
import type { MonitorFacts } from "./alerting-snapshot.ts";

export interface NewAlert {
  monitor: MonitorFacts;
  kind: AlertKind;
  severity: AlertSeverity;
  message: string;
  at: number;
  incidentId?: string | null;
  dedupeKey?: string | null;
}

/** Stores a new open alert whose first notification is due at once (`openEscalation`). */
export async function openAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  input: NewAlert,
): Promise<AlertTable> {
  const alert = newAlertRow(actx, input);
  await trx.insertInto("alerts").values(alert).execute();
  actx.changes?.add(alert);
  return alert;
}

/** A new open alert, not stored yet, whose first notification is due at once. */
export function newAlertRow(actx: AlertingContext, input: NewAlert): AlertTable {
  const escalation = openEscalation(input.at);
  return {
    id: actx.newId("alt"),
    account_id: input.monitor.account_id,
    monitor_id: input.monitor.id,
    incident_id: input.incidentId ?? null,
    kind: input.kind,
    severity: input.severity,
    message: input.message.slice(0, 1000),
    dedupe_key: input.dedupeKey ?? null,
    state: "open",
    opened_at: input.at,
    acknowledged_at: null,
    resolved_at: null,
    resolution: null,
    notifications_sent: escalation.notificationsSent,
    next_due_at: escalation.nextDueAt,
    held: 0,
    // 72 random bits: the address of the alert's page, short enough for a text message.
    page_token: randomBytes(9).toString("base64url"),
  };
}
