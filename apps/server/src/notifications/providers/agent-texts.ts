import { type AgentWebhookPayload, isRecoveryEvent, PRODUCT_NAME } from "@upwatch/core";
import {
  describeDuration,
  describeDurationShort,
  type NotificationMessage,
} from "../../alerting/index.ts";
import type { Delivery } from "../provider.ts";
import { clockTimeUtc, dateTimeUtc } from "./alert-facts.ts";

/** An agent alert's message: its payload names an agent instead of a monitor. */
export type AgentMessage = NotificationMessage & { payload: AgentWebhookPayload };

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "[Critical] db-primary is offline", "[Resolved] db-primary is reporting again after 7 minutes". */
export function agentEmailSubject(event: Delivery["event"], message: AgentMessage): string {
  if (isRecoveryEvent(event)) {
    return `[Resolved] ${message.summary} after ${describeDuration(message.openForMs ?? 0)}`;
  }
  const severity = capitalised(message.payload.alert.severity);
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  return `[${severity}] ${message.summary}${repeat}`;
}

/** The body: the agent, what happened, the figures, and the link to acknowledge. */
export function agentEmailBody(event: Delivery["event"], message: AgentMessage): string {
  const { agent, alert, metadata } = message.payload;
  const lines = [
    `${message.summary}.`,
    "",
    `Agent: ${agent.name}`,
    `Host: ${agent.hostname ?? "not reported yet"} (${agent.os})`,
    `${isRecoveryEvent(event) ? "Note" : "Problem"}: ${alert.message}`,
  ];
  if (alert.value !== null) lines.push(`Measured: ${number.format(alert.value)}`);
  if (alert.threshold !== null) lines.push(`Threshold: ${number.format(alert.threshold)}`);
  if (alert.kind === "agent-offline") {
    lines.push(`Offline after: ${metadata.offline_after_minutes} minutes without a report`);
  }
  if (message.openedAt !== null) lines.push(`Alert opened: ${dateTimeUtc(message.openedAt)}`);
  if (message.number !== null) lines.push(`Notification: ${message.number}`);
  if (message.alertUrl) lines.push("", `View or acknowledge the alert: ${message.alertUrl}`);
  return `${lines.join("\n")}\n`;
}

/** "Upwatch CRITICAL: db-primary is offline. Ack: ...", "Upwatch RESOLVED: ... after 7 min." */
export function agentSms(event: Delivery["event"], message: AgentMessage): string {
  if (isRecoveryEvent(event)) {
    const after = describeDurationShort(message.openForMs ?? 0);
    return `${PRODUCT_NAME} RESOLVED: ${message.summary} after ${after}.`;
  }
  const ack = message.alertUrl ? ` Ack: ${message.alertUrl}` : "";
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  const severity = message.payload.alert.severity.toUpperCase();
  return `${PRODUCT_NAME} ${severity}: ${message.summary}${repeat}.${ack}`;
}

/** Slack: severity and summary, the alert's sentence, when it opened, and the link. */
export function agentSlackText(
  event: Delivery["event"],
  message: AgentMessage,
  escapeText: (text: string) => string,
): string {
  const link = message.alertUrl ? ` - <${message.alertUrl}|View alert>` : "";
  if (isRecoveryEvent(event)) {
    const lasted = describeDuration(message.openForMs ?? 0);
    return `*RESOLVED*  ${escapeText(message.summary)}\nOpen for ${lasted}${link}`;
  }
  const severity = message.payload.alert.severity.toUpperCase();
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  const opened = message.openedAt === null ? "" : `\nOpened ${clockTimeUtc(message.openedAt)}`;
  return `*${severity}*  ${escapeText(message.summary)}${repeat}\n${escapeText(message.payload.alert.message)}${opened}${link}`;
}
