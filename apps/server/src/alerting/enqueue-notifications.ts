import {
  type AlertChannel,
  type AlertSeverity,
  channelReceives,
  channelType,
  getPlan,
  type NotificationEvent,
} from "@upwatch/core";
import type { Database, NotificationTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AlertingContext } from "./alerting-context.ts";
import type { AlertingSnapshot } from "./alerting-snapshot.ts";
import type { NotificationMessage } from "./notification-message.ts";
import { type SubjectRef, subjectColumns } from "./subject-ref.ts";

/** A notification of an alert about a monitor or an agent. */
export interface NotificationRequest {
  subject: SubjectRef;
  alertId: string;
  event: NotificationEvent;
  /** The alert's severity: a channel gets the notification when it receives this severity. */
  severity: AlertSeverity;
  message: NotificationMessage;
  at: number;
}

/** Whether a channel type's descriptor says it takes `alert.acknowledged` notices. */
export function takesAcknowledgements(type: string): boolean {
  try {
    const descriptor = channelType(type as AlertChannel) as { acknowledgements?: boolean };
    return descriptor.acknowledgements === true;
  } catch {
    return false;
  }
}

/**
 * Queues one notification per channel of the monitor that its plan allows and that receives it
 * (its severity, quiet hours, acknowledgements), inside the caller's
 * transaction, so a state change and its notifications are stored together or not at all.
 * Returns how many were queued.
 */
export async function enqueueNotifications(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  request: NotificationRequest,
): Promise<number> {
  const rows = notificationRows(actx, snapshot, request);
  if (rows.length) await trx.insertInto("notifications").values(rows).execute();
  return rows.length;
}

/**
 * The queue rows of a notification: one per channel of the monitor (or agent) that its plan
 * allows and that receives it; the clock of quiet hours is the notification's time.
 */
export function notificationRows(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  request: NotificationRequest,
): NotificationTable[] {
  const subject = snapshot.subjectOf(request.subject);
  if (!subject) return [];
  const owner = subject.facts;
  const allowed = getPlan(owner.plan).limits.channels;
  const message = JSON.stringify(request.message);
  return snapshot
    .channelsOfSubject(subject)
    .filter((channel) => allowed.includes(channel.type))
    .filter((channel) => channelReceives(channel, request, takesAcknowledgements))
    .map((channel) => ({
      id: actx.newId("msg"),
      account_id: owner.account_id,
      channel_id: channel.id,
      channel_type: channel.type,
      alert_id: request.alertId,
      ...subjectColumns(request.subject),
      event: request.event,
      message,
      status: "pending",
      attempts: 0,
      locked_until: null,
      claim_token: null,
      created_at: request.at,
      finished_at: null,
    }));
}
