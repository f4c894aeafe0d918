import { randomBytes } from "node:crypto";
import {
  type AlertKind,
  type AlertResolution,
  type AlertSeverity,
  decideNotification,
  type NotificationDecision,
  openEscalation,
} from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { agentAlerting } from "./agent-notices.ts";
import type { AgentReading } from "./agent-notification-message.ts";
import type { AgentFacts } from "./agent-subjects.ts";
import { escalationOf } from "./alert-record.ts";
import type { AlertingContext } from "./alerting-context.ts";
import type { AlertingSnapshot, MonitorFacts } from "./alerting-snapshot.ts";
import { enqueueNotifications } from "./enqueue-notifications.ts";
import { monitorAlerting } from "./monitor-notices.ts";
import type { CheckFacts } from "./notification-message.ts";
import type { ClosingEvent, SubjectAlerting } from "./subject-alerting.ts";
import { subjectColumns, subjectOfRow } from "./subject-ref.ts";

/**
 * The life of one alert: opened, notified when due (held while every parent is down), closed,
 * with a closing notice for those who heard of its opening. Every step is a conditional update,
 * so two processes deciding the same alert act once.
 */

/** A new alert about a monitor, or (with `agent` instead) about an agent. */
export interface NewAlert {
  monitor?: MonitorFacts | undefined;
  agent?: AgentFacts | undefined;
  kind: AlertKind;
  severity: AlertSeverity;
  message: string;
  at: number;
  incidentId?: string | null;
  dedupeKey?: string | null;
  /** When the first notification is due, if not at `at` (an agent's buffered samples). */
  firstDueAt?: number | undefined;
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
  const escalation = openEscalation(input.firstDueAt ?? input.at);
  const owner = input.monitor ?? input.agent;
  if (!owner) throw new Error("An alert is about a monitor or an agent.");
  return {
    id: actx.newId("alt"),
    account_id: owner.account_id,
    ...subjectColumns({ type: input.monitor ? "monitor" : "agent", id: owner.id }),
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

export interface DueOutcome {
  decision: NotificationDecision;
  queued: number;
}

/**
 * Applies `decideNotification` to an open alert at `at`: sends a due notification, holds it
 * while every parent is down (it stays due), or does nothing. The update is conditional on the
 * count read, so two processes deciding the same alert notify once.
 */
export async function notifyDueAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  at: number,
  check?: CheckFacts | null,
  reading?: AgentReading,
): Promise<DueOutcome> {
  const subject = alertingOf(snapshot, alert);
  const { decision, escalation } = decideNotification(
    escalationOf(alert),
    at,
    subject.isHeld(alert, at),
  );
  if (alert.state !== "open" || decision === "not-due") return { decision: "not-due", queued: 0 };
  if (decision === "suppressed") {
    if (alert.held === 0) {
      await trx.updateTable("alerts").set({ held: 1 }).where("id", "=", alert.id).execute();
      alert.held = 1;
    }
    return { decision, queued: 0 };
  }
  const nextDueAt = subject.repeats(alert) ? escalation.nextDueAt : null;
  const updated = await trx
    .updateTable("alerts")
    .set({ notifications_sent: escalation.notificationsSent, next_due_at: nextDueAt, held: 0 })
    .where("id", "=", alert.id)
    .where("state", "=", "open")
    .where("acknowledged_at", "is", null)
    .where("notifications_sent", "=", alert.notifications_sent)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { decision: "not-due", queued: 0 };
  Object.assign(alert, {
    notifications_sent: escalation.notificationsSent,
    next_due_at: nextDueAt,
    held: 0,
  });
  actx.changes?.add(alert);
  const request = await subject.dueNotice(trx, actx, alert, at, { check, reading });
  const queued = request ? await enqueueNotifications(trx, actx, snapshot, request) : 0;
  return { decision, queued };
}

/** How alerting treats what an alert is about: the agent's way, or the monitor's. */
function alertingOf(snapshot: AlertingSnapshot, alert: AlertTable): SubjectAlerting {
  const subject = subjectOfRow(alert);
  return subject?.type === "agent"
    ? agentAlerting(snapshot, subject.id)
    : monitorAlerting(snapshot, subject?.id ?? null);
}

/** Resolves an open alert; false when it was resolved already (by another path or process). */
export async function closeAlert(
  trx: Kysely<Database>,
  actx: AlertingContext,
  alert: AlertTable,
  at: number,
  resolution: AlertResolution,
): Promise<boolean> {
  const result = await trx
    .updateTable("alerts")
    .set({ state: "resolved", resolved_at: at, resolution, next_due_at: null, held: 0 })
    .where("id", "=", alert.id)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  Object.assign(alert, { state: "resolved", resolved_at: at, resolution, next_due_at: null });
  actx.changes?.add(alert);
  return true;
}

/**
 * Queues the notice that an alert is over (`monitor.up` or `agent.online` on recovery,
 * `alert.resolved` by hand or when a rule's condition cleared) or was acknowledged, only when its
 * opening was notified: people who never heard of an alert hear nothing of its end.
 */
export async function enqueueClosingNotice(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  event: ClosingEvent,
  at: number,
  check: CheckFacts | null,
  reading?: AgentReading,
): Promise<number> {
  if (alert.notifications_sent === 0) return 0;
  const subject = alertingOf(snapshot, alert);
  const request = await subject.closingNotice(trx, actx, alert, event, at, { check, reading });
  return request ? enqueueNotifications(trx, actx, snapshot, request) : 0;
}

/**
 * Queues the close of an alert that ended without news for people (a renewed certificate, a
 * nearer expiry warning replacing it) to the services that keep an incident open for it (the
 * types that take acknowledgements, such as PagerDuty), so none stays open there.
 */
export async function enqueueIncidentClose(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  alert: AlertTable,
  at: number,
): Promise<number> {
  if (alert.notifications_sent === 0) return 0;
  const subject = alertingOf(snapshot, alert);
  const request = await subject.closingNotice(trx, actx, alert, "alert.resolved", at, {
    check: null,
  });
  if (!request) return 0;
  return enqueueNotifications(trx, actx, snapshot, { ...request, incidentServicesOnly: true });
}
