import {
  type AlertChannel,
  type AlertSeverity,
  channelReceives,
  channelType,
  getPlan,
  isRecoveryEvent,
  NOTIFICATION_EVENTS,
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
  /**
   * Only for the services that keep an incident open for the alert (the types that take
   * acknowledgements): the close of an alert that ended without news for people.
   */
  incidentServicesOnly?: boolean;
}

/** Whether a channel type's descriptor says it takes `alert.acknowledged` notices. */
export function takesAcknowledgements(type: string): boolean {
  try {
    return channelType(type as AlertChannel).acknowledgements === true;
  } catch {
    return false;
  }
}

/** Notices that an alert is over or acknowledged, as opposed to notices of the problem. */
function isClosingEvent(event: NotificationEvent): boolean {
  return isRecoveryEvent(event) || event === "alert.acknowledged";
}

const CLOSING_EVENTS = NOTIFICATION_EVENTS.filter(isClosingEvent);

/** The channels queued a notice of the alert's problem (its opening or a repeat). */
async function channelsThatHeard(
  trx: Kysely<Database>,
  alertId: string,
): Promise<ReadonlySet<string>> {
  const rows = await trx
    .selectFrom("notifications")
    .select("channel_id")
    .distinct()
    .where("alert_id", "=", alertId)
    .where("event", "not in", CLOSING_EVENTS)
    .execute();
  return new Set(rows.map((row) => row.channel_id));
}

/**
 * Queues one notification per channel of the monitor that its plan allows and that receives it
 * (its severity, quiet hours, acknowledgements), inside the caller's
 * transaction, so a state change and its notifications are stored together or not at all.
 * The end or acknowledgement of an alert goes to the channels that heard of its problem, still
 * attached, whatever their quiet hours say now: a paging service's incident is closed where it
 * was opened, and no one hears of the end of an alert they never heard of.
 * Returns how many were queued.
 */
export async function enqueueNotifications(
  trx: Kysely<Database>,
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  request: NotificationRequest,
): Promise<number> {
  const heard = isClosingEvent(request.event)
    ? await channelsThatHeard(trx, request.alertId)
    : undefined;
  const rows = notificationRows(actx, snapshot, request, heard);
  if (rows.length) await trx.insertInto("notifications").values(rows).execute();
  return rows.length;
}

/**
 * The queue rows of a notification: one per channel of the monitor (or agent) that its plan
 * allows and that receives it; the clock of quiet hours is the notification's time. With
 * `heard`, the channels that heard of the alert's problem are the ones that receive it.
 */
export function notificationRows(
  actx: AlertingContext,
  snapshot: AlertingSnapshot,
  request: NotificationRequest,
  heard?: ReadonlySet<string>,
): NotificationTable[] {
  const subject = snapshot.subjectOf(request.subject);
  if (!subject) return [];
  const owner = subject.facts;
  const allowed = getPlan(owner.plan).limits.channels;
  const message = JSON.stringify(request.message);
  return snapshot
    .channelsOfSubject(subject)
    .filter((channel) => allowed.includes(channel.type))
    .filter((channel) =>
      heard
        ? heard.has(channel.id) &&
          (request.event !== "alert.acknowledged" || takesAcknowledgements(channel.type)) &&
          (!request.incidentServicesOnly || takesAcknowledgements(channel.type))
        : channelReceives(channel, request, takesAcknowledgements),
    )
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
