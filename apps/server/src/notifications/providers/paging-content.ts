import type { AlertSeverity } from "@upwatch/core";
import { type Delivery, DeliveryError } from "../provider.ts";
import { dateTimeUtc } from "./alert-facts.ts";
import { chatCard } from "./chat-card.ts";

/** What a paging service's alert says of one notification, before the service's own format. */
export interface PagingContent {
  /** The same for every notification of one alert, so the service keeps them on one incident. */
  key: string;
  /** "Checkout API - EU is down". */
  summary: string;
  /** A test is `info`, so that it pages no one urgently. */
  severity: AlertSeverity;
  /** The monitor's or the agent's name. */
  subject: string;
  /** Where the problem is: the monitor's target, or the agent's host. */
  source: string;
  kind: "monitor" | "agent" | "test";
  /** What the check saw, or what a test is for. */
  detail: string | null;
  /** The facts the e-mail lists, with when the alert opened or how long it lasted. */
  facts: Record<string, string>;
  alertUrl: string | null;
  /** When it happened, ISO 8601 in UTC. */
  timestamp: string;
}

/** The key a paging service deduplicates on: the alert's id, or for a test the notification's. */
export function pagingKey(delivery: Delivery): string {
  if (delivery.event === "test") return `upwatch-test-${delivery.id}`;
  if (delivery.alertId === null) {
    throw new DeliveryError("This notification belongs to no alert, so it has nothing to update.");
  }
  return `upwatch-${delivery.alertId}`;
}

/** One notification as PagerDuty and Opsgenie show it; `place` names where tests arrive. */
export function pagingContent(delivery: Delivery, place: string): PagingContent {
  const { event, message } = delivery;
  const card = chatCard(event, message, place);
  const { payload } = message;
  const subject =
    "agent" in payload
      ? { kind: "agent" as const, subject: payload.agent.name, source: payload.agent.hostname }
      : { kind: "monitor" as const, subject: payload.monitor.name, source: payload.monitor.url };
  const facts = Object.fromEntries(card.facts.map((fact) => [fact.name, fact.value]));
  if (card.openedAt !== null) facts.Opened = dateTimeUtc(card.openedAt);
  if (card.lasted) facts[card.lasted.name] = card.lasted.value;
  return {
    key: pagingKey(delivery),
    summary: message.summary,
    severity: event === "test" ? "info" : payload.alert.severity,
    subject: subject.subject,
    source: subject.source || subject.subject,
    kind: event === "test" ? "test" : subject.kind,
    detail: card.detail,
    facts,
    alertUrl: card.alertUrl,
    timestamp: card.timestamp,
  };
}
