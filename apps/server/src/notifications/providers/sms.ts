import { PRODUCT_NAME } from "@upwatch/core";
import { describeDurationShort, type NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { agentSms } from "./agent-texts.ts";
import { isHeartbeat, severityWord } from "./alert-facts.ts";

/** What one text message costs on paid plans, in US cents. */
export const SMS_PRICE_CENTS = 20;

/** "Upwatch CRITICAL: Checkout API - EU is DOWN (HTTP 503, eu-west-1, 3 failures). Ack: ..." */
export function alertSms(event: Delivery["event"], message: NotificationMessage): string {
  if (event === "test") {
    return `${PRODUCT_NAME} TEST: this phone will receive ${PRODUCT_NAME} alerts.`;
  }
  const payload = message.payload;
  if ("agent" in payload) return agentSms(event, { ...message, payload });
  const { alert, metadata, monitor } = payload;
  const ack = message.alertUrl ? ` Ack: ${message.alertUrl}` : "";
  // Neither says anything of a check: no check was run.
  if (event === "ssl.expiring" || event === "monitor.no-agent") {
    return `${PRODUCT_NAME} ${severityWord(message)}: ${message.summary}.${ack}`;
  }
  const facts = [
    event === "alert.escalated" ? `notification ${message.number}` : null,
    alert.response_code === null ? null : `HTTP ${alert.response_code}`,
    message.agentName
      ? `agent ${message.agentName}`
      : isHeartbeat(payload)
        ? null
        : metadata.region,
    `${metadata.consecutive_failures} failure${metadata.consecutive_failures === 1 ? "" : "s"}`,
  ].filter(Boolean);
  const state = event === "alert.escalated" ? "is still DOWN" : "is DOWN";
  return `${PRODUCT_NAME} ${severityWord(message)}: ${monitor.name} ${state} (${facts.join(", ")}).${ack}`;
}

/** "Upwatch RESOLVED: Checkout API - EU is UP after 23 min." */
export function recoverySms(event: Delivery["event"], message: NotificationMessage): string {
  const payload = message.payload;
  if ("agent" in payload) return agentSms(event, { ...message, payload });
  const after = describeDurationShort(message.openForMs ?? 0);
  const name = payload.monitor.name;
  return event === "monitor.up"
    ? `${PRODUCT_NAME} RESOLVED: ${name} is UP after ${after}.`
    : `${PRODUCT_NAME} RESOLVED: the alert for ${name} was resolved by hand after ${after}.`;
}

async function text(
  body: string,
  delivery: Delivery,
  deps: ProviderDeps,
): Promise<DeliveryReceipt> {
  if (!deps.sms) {
    throw new DeliveryError(
      "SMS is not set up on this server (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM).",
    );
  }
  const signal = AbortSignal.timeout(deps.timeoutMs);
  await deps.sms.send(delivery.channel.config.phone ?? "", body, signal);
  return { kind: "delivered", costCents: SMS_PRICE_CENTS };
}

/** SMS: short texts through the SMS provider, each recorded for billing. */
export const smsProvider: NotificationProvider = {
  sendAlert: (delivery, deps) => text(alertSms(delivery.event, delivery.message), delivery, deps),
  sendRecovery: (delivery, deps) =>
    text(recoverySms(delivery.event, delivery.message), delivery, deps),
};
