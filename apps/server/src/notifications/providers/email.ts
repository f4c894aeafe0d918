import { PRODUCT_NAME } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import type { OutgoingMail } from "../../mail/outgoing-mail.ts";
import type { Delivery, DeliveryReceipt, NotificationProvider } from "../provider.ts";
import { agentEmailBody, agentEmailSubject } from "./agent-texts.ts";
import { dateTimeUtc, isHeartbeat } from "./alert-facts.ts";

const number = new Intl.NumberFormat("en-US");
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "[Critical] Checkout API - EU is down", "[Resolved] ... is up after 23 minutes". */
export function emailSubject(event: Delivery["event"], message: NotificationMessage): string {
  if ("agent" in message.payload) {
    return agentEmailSubject(event, { ...message, payload: message.payload });
  }
  const severity = capitalised(message.payload.alert.severity);
  const lasted = describeDuration(message.openForMs ?? 0);
  const subjects: Record<Delivery["event"], () => string> = {
    "monitor.down": () => `[${severity}] ${message.summary}`,
    "alert.escalated": () => `[${severity}] ${message.summary} (notification ${message.number})`,
    "monitor.up": () => `[Resolved] ${message.summary} after ${lasted}`,
    "alert.resolved": () => `[Resolved] ${message.summary} after ${lasted}`,
    "ssl.expiring": () => `[${severity}] ${message.summary}`,
    "monitor.no-agent": () => `[${severity}] ${message.summary}`,
    "agent.offline": () => `[${severity}] ${message.summary}`,
    "agent.alert": () => `[${severity}] ${message.summary}`,
    "agent.online": () => `[Resolved] ${message.summary} after ${lasted}`,
    test: () => `[Test] ${PRODUCT_NAME} test notification`,
  };
  return subjects[event]();
}

/** The body: the essentials for someone reading on a phone, and the link to acknowledge. */
export function emailBody(event: Delivery["event"], message: NotificationMessage): string {
  if (event === "test") return `${message.summary}.\n\nThis address will receive alerts.\n`;
  const payload = message.payload;
  if ("agent" in payload) return agentEmailBody(event, { ...message, payload });
  const { monitor, alert, metadata } = payload;
  const heartbeat = isHeartbeat(payload);
  const lines = [
    `${message.summary}.`,
    "",
    `Monitor: ${monitor.name}`,
    ...(heartbeat ? [] : [`Target: ${monitor.url}`]),
    `Check type: ${monitor.type}`,
    ...(heartbeat ? [] : [`Region: ${metadata.region}`]),
    `${event === "monitor.up" || event === "alert.resolved" ? "Note" : "Problem"}: ${alert.message}`,
  ];
  if (alert.response_code !== null) lines.push(`Status code: ${alert.response_code}`);
  if (alert.response_time !== null) {
    lines.push(`Response time: ${number.format(alert.response_time)} ms`);
  }
  lines.push(`Consecutive failures: ${metadata.consecutive_failures}`);
  if (message.openedAt !== null) lines.push(`Alert opened: ${dateTimeUtc(message.openedAt)}`);
  if (message.number !== null) lines.push(`Notification: ${message.number}`);
  if (message.alertUrl) {
    lines.push("", `View or acknowledge the alert: ${message.alertUrl}`);
  }
  return `${lines.join("\n")}\n`;
}

function mailFor(delivery: Delivery): DeliveryReceipt {
  const mail: OutgoingMail = {
    to: delivery.channel.config.address ?? "",
    subject: emailSubject(delivery.event, delivery.message),
    text: emailBody(delivery.event, delivery.message),
  };
  return { kind: "mail", mail };
}

/** E-mail: the mail goes to the mail outbox, which sends it and retries while the server is down. */
export const emailProvider: NotificationProvider = {
  sendAlert: async (delivery) => mailFor(delivery),
  sendRecovery: async (delivery) => mailFor(delivery),
};
