import { isRecoveryEvent } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { dateTimeUtc, severityWord } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

/** One labelled fact under a chat message's text: "Opened", "2024-11-02 09:14 UTC". */
export interface ChatFact {
  name: string;
  value: string;
}

/**
 * What a chat service's card says, before the service's own format: a headline, the line of
 * detail, labelled facts, a colour for the severity and the link to the alert.
 */
export interface ChatAlert {
  /** "CRITICAL: Checkout API - EU is down", "RESOLVED: Checkout API - EU is up", "TEST: ...". */
  headline: string;
  /** The line under the headline: the check's answer or the agent's rule; null for none. */
  detail: string | null;
  facts: ChatFact[];
  /** 0xRRGGBB: red for critical, amber for warning, blue for info and tests, green for resolved. */
  colour: number;
  alertUrl: string | null;
  /** When it happened, ISO 8601 in UTC. */
  timestamp: string;
}

const COLOURS = {
  critical: 0xd92d20,
  warning: 0xf79009,
  info: 0x2e90fa,
  resolved: 0x12b76a,
} as const;

const capitalised = (word: string) => `${word.charAt(0)}${word.slice(1).toLowerCase()}`;

/** The card of one event for a chat service named `service` ("Discord"). */
export function chatAlert(
  event: Delivery["event"],
  message: NotificationMessage,
  service: string,
): ChatAlert {
  const base = { alertUrl: message.alertUrl, timestamp: message.payload.timestamp };
  if (event === "test") {
    return {
      ...base,
      headline: `TEST: ${message.summary}`,
      detail: `This ${service} channel will receive Upwatch alerts.`,
      facts: [],
      colour: COLOURS.info,
    };
  }
  const opened: ChatFact[] =
    message.openedAt === null ? [] : [{ name: "Opened", value: dateTimeUtc(message.openedAt) }];
  if (isRecoveryEvent(event)) {
    const lasted = describeDuration(message.openForMs ?? 0);
    const how = event === "monitor.up" ? "Down for" : "Open for";
    return {
      ...base,
      headline: `RESOLVED: ${message.summary}`,
      detail: null,
      facts: [...opened, { name: how, value: lasted }],
      colour: COLOURS.resolved,
    };
  }
  const severity = severityWord(message);
  const escalated = event === "alert.escalated";
  return {
    ...base,
    headline: `${severity}: ${message.summary}${escalated ? ` (notification ${message.number})` : ""}`,
    detail: factsOf(message).slackDetail(event),
    facts: [
      { name: "Severity", value: capitalised(severity) },
      ...opened,
      ...(escalated ? [{ name: "Notification", value: String(message.number) }] : []),
    ],
    colour: COLOURS[message.payload.alert.severity],
  };
}
