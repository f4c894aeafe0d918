import { isRecoveryEvent, PRODUCT_NAME } from "@upwatch/core";
import { describeDuration, type NotificationMessage } from "../../alerting/index.ts";
import type { OutgoingMail } from "../../mail/outgoing-mail.ts";
import type { Delivery, DeliveryReceipt, NotificationProvider } from "../provider.ts";
import { dateTimeUtc } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "[Critical] Checkout API - EU is down", "[Resolved] ... is up after 23 minutes". */
export function emailSubject(event: Delivery["event"], message: NotificationMessage): string {
  if (event === "test") return `[Test] ${PRODUCT_NAME} test notification`;
  if (isRecoveryEvent(event)) {
    return `[Resolved] ${message.summary} after ${describeDuration(message.openForMs ?? 0)}`;
  }
  const severity = capitalised(message.payload.alert.severity);
  const repeat = event === "alert.escalated" ? ` (notification ${message.number})` : "";
  return `[${severity}] ${message.summary}${repeat}`;
}

/** The body: the essentials for someone reading on a phone, and the link to acknowledge. */
export function emailBody(event: Delivery["event"], message: NotificationMessage): string {
  if (event === "test") return `${message.summary}.\n\nThis address will receive alerts.\n`;
  const lines = [`${message.summary}.`, "", ...factsOf(message).emailLines(event)];
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
