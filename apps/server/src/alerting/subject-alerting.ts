import type { NotificationEvent } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AgentReading } from "./agent-notification-message.ts";
import type { AlertingContext } from "./alerting-context.ts";
import type { NotificationRequest } from "./enqueue-notifications.ts";
import type { CheckFacts } from "./notification-message.ts";

/** The events that tell of an alert's end, or of someone taking it on. */
export type ClosingEvent = Extract<
  NotificationEvent,
  "monitor.up" | "alert.resolved" | "agent.online" | "alert.acknowledged"
>;

/** What a notice may say of what happened: a monitor's check, or an agent's reading. */
export interface NoticeFacts {
  /** The check behind a monitor's notice; undefined reads its latest stored one. */
  check?: CheckFacts | null | undefined;
  /** The reading behind an agent's notice; undefined reads its rule's threshold. */
  reading?: AgentReading | undefined;
}

/**
 * What alerting needs of the thing an alert is about. A monitor and an agent each answer it
 * (`monitor-notices.ts`, `agent-notices.ts`); the alert's life (`alert-lifecycle.ts`) asks it
 * and never which of the two it is.
 */
export interface SubjectAlerting {
  /** Whether the alert's notifications are held at `at` (parents down, maintenance). */
  isHeld(alert: AlertTable, at: number): boolean;
  /** Whether the alert repeats on the escalation schedule rather than being said once. */
  repeats(alert: AlertTable): boolean;
  /** The notification due now, counted by `alert.notifications_sent`; null when the subject is gone. */
  dueNotice(
    trx: Kysely<Database>,
    actx: AlertingContext,
    alert: AlertTable,
    at: number,
    facts: NoticeFacts,
  ): Promise<NotificationRequest | null>;
  /** The notice that the alert is over, or was acknowledged; null when the subject is gone. */
  closingNotice(
    trx: Kysely<Database>,
    actx: AlertingContext,
    alert: AlertTable,
    event: ClosingEvent,
    at: number,
    facts: NoticeFacts,
  ): Promise<NotificationRequest | null>;
}
