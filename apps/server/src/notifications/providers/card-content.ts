import { isRecoveryEvent, PRODUCT_NAME } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { clockTimeUtc, severityWord } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

/** What a card's colour says: the alert's severity, that it is over, or that it is a test. */
export type CardTone = "critical" | "warning" | "info" | "resolved" | "test";

/** One notification as the chat services' cards show it, before any service's format. */
export interface CardContent {
  tone: CardTone;
  /** CRITICAL, WARNING, INFO, RESOLVED or TEST. */
  label: string;
  /** The summary, with the notification's number when it is a repeat. */
  title: string;
  /** The line under the title: what the check saw, or what a test is for; null for none. */
  detail: string | null;
  /** The monitor's or the agent's facts, as the e-mail lists them; none for a test. */
  facts: { name: string; value: string }[];
  /** "Opened 09:14 UTC", or "Down for 23 minutes" once it is over; null for a test. */
  when: string | null;
  alertUrl: string | null;
}

/**
 * The content of one card: the same severity, summary, facts and times as the e-mail and Slack
 * messages; `place` names where tests arrive ("This Microsoft Teams channel").
 */
export function cardContent(
  event: Delivery["event"],
  message: NotificationMessage,
  place: string,
): CardContent {
  const alertUrl = message.alertUrl || null;
  if (event === "test") {
    return {
      tone: "test",
      label: "TEST",
      title: message.summary,
      detail: `${place} will receive ${PRODUCT_NAME} alerts.`,
      facts: [],
      when: null,
      alertUrl: null,
    };
  }
  const facts = factsOf(message);
  const listed = facts.emailLines(event).map((line) => {
    const colon = line.indexOf(": ");
    return { name: line.slice(0, colon), value: line.slice(colon + 2) };
  });
  if (isRecoveryEvent(event)) {
    const lasted = describeDuration(message.openForMs ?? 0);
    return {
      tone: "resolved",
      label: "RESOLVED",
      title: message.summary,
      detail: null,
      facts: listed,
      when: event === "monitor.up" ? `Down for ${lasted}` : `Open for ${lasted}`,
      alertUrl,
    };
  }
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  const detail = facts.slackDetail(event);
  return {
    tone: message.payload.alert.severity,
    label: severityWord(message),
    title: `${message.summary}${repeat}`,
    // An agent's line is its problem, which the facts already list.
    detail: listed.some((fact) => fact.value === detail) ? null : detail,
    facts: listed,
    when: message.openedAt === null ? null : `Opened ${clockTimeUtc(message.openedAt)}`,
    alertUrl,
  };
}

/** The text cut to `max` characters, ending in an ellipsis when cut; never splits a character. */
export function withinLength(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max - 1).join("")}…`;
}
