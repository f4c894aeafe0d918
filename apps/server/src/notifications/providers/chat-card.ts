import { isRecoveryEvent, PRODUCT_NAME } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { severityWord } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

/** What a card's colour says: the alert's severity, that it is over, or that it is a test. */
export type CardTone = "critical" | "warning" | "info" | "resolved" | "test";

/** One labelled fact on a card: "Monitor", "Checkout API - EU". */
export interface ChatFact {
  name: string;
  value: string;
}

/** One notification as every chat service's card shows it, before any service's format. */
export interface ChatCard {
  tone: CardTone;
  /** CRITICAL, WARNING, INFO, RESOLVED or TEST. */
  label: string;
  /** The summary, with the notification's number when it is a repeat. */
  title: string;
  /** "CRITICAL: Checkout API - EU is down": the label and the title on one line. */
  headline: string;
  /** The line under the title: what the check saw, or what a test is for; null for none. */
  detail: string | null;
  /** The monitor's or the agent's facts, as the e-mail lists them; none for a test. */
  facts: ChatFact[];
  /** When the alert opened, in ms; null for a test or an alert without one. */
  openedAt: number | null;
  /** "Down for" / "Open for" and how long, once it is over; null before. */
  lasted: ChatFact | null;
  /** The notification's number when it is a repeat (an escalation); null otherwise. */
  repeat: string | null;
  alertUrl: string | null;
  /** When it happened, ISO 8601 in UTC. */
  timestamp: string;
}

/** 0xRRGGBB for each tone: red, amber, blue, green; a test is blue like info. */
export const TONE_COLOURS: Record<CardTone, number> = {
  critical: 0xd92d20,
  warning: 0xf79009,
  info: 0x2e90fa,
  resolved: 0x12b76a,
  test: 0x2e90fa,
};

/**
 * The card of one event, with the same severity, summary, facts and times as the e-mail and
 * Slack messages; `place` names where tests arrive ("This Discord channel").
 */
export function chatCard(
  event: Delivery["event"],
  message: NotificationMessage,
  place: string,
): ChatCard {
  const common = { alertUrl: message.alertUrl || null, timestamp: message.payload.timestamp };
  if (event === "test") {
    const title = message.summary;
    return {
      ...common,
      tone: "test",
      label: "TEST",
      title,
      headline: `TEST: ${title}`,
      detail: `${place} will receive ${PRODUCT_NAME} alerts.`,
      facts: [],
      openedAt: null,
      lasted: null,
      repeat: null,
      alertUrl: null,
    };
  }
  const facts = factsOf(message);
  const listed = facts.emailLines(event).map((line) => {
    const colon = line.indexOf(": ");
    return { name: line.slice(0, colon), value: line.slice(colon + 2) };
  });
  const openedAt = message.openedAt;
  if (isRecoveryEvent(event)) {
    const lasted = describeDuration(message.openForMs ?? 0);
    return {
      ...common,
      tone: "resolved",
      label: "RESOLVED",
      title: message.summary,
      headline: `RESOLVED: ${message.summary}`,
      detail: null,
      facts: listed,
      openedAt,
      lasted: { name: event === "monitor.up" ? "Down for" : "Open for", value: lasted },
      repeat: null,
    };
  }
  const repeat = event === "alert.escalated" ? String(message.number) : null;
  const label = severityWord(message);
  const title = `${message.summary}${repeat === null ? "" : ` (notification ${repeat})`}`;
  return {
    ...common,
    tone: message.payload.alert.severity,
    label,
    title,
    headline: `${label}: ${title}`,
    detail: facts.slackDetail(event),
    facts: listed,
    openedAt,
    lasted: null,
    repeat,
  };
}

/** The detail line unless the facts already say it, as an agent's problem is. */
export function detailBesideFacts(card: ChatCard): string | null {
  return card.facts.some((fact) => fact.value === card.detail) ? null : card.detail;
}
