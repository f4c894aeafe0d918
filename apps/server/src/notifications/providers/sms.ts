import { PRODUCT_NAME } from "@upwatch/core";
import { describeDurationShort, type NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import type { SmsSender } from "../sms/sms-sender.ts";
import { twilioSmsClient } from "../sms/twilio-client.ts";
import { severityWord } from "./alert-facts.ts";
import { factsOf } from "./subject-facts.ts";

/** What one text message costs on paid plans, in US cents. */
export const SMS_PRICE_CENTS = 20;

/** "Upwatch CRITICAL: Checkout API - EU is DOWN (HTTP 503, eu-west-1, 3 failures). Ack: ..." */
export function alertSms(event: Delivery["event"], message: NotificationMessage): string {
  if (event === "test") {
    return `${PRODUCT_NAME} TEST: this phone will receive ${PRODUCT_NAME} alerts.`;
  }
  const ack = message.alertUrl ? ` Ack: ${message.alertUrl}` : "";
  return `${PRODUCT_NAME} ${severityWord(message)}: ${factsOf(message).smsAlert(event)}.${ack}`;
}

/** "Upwatch RESOLVED: Checkout API - EU is UP after 23 min." */
export function recoverySms(event: Delivery["event"], message: NotificationMessage): string {
  const after = describeDurationShort(message.openForMs ?? 0);
  return `${PRODUCT_NAME} RESOLVED: ${factsOf(message).smsRecovery(event)} after ${after}.`;
}

async function text(
  body: string,
  delivery: Delivery,
  deps: ProviderDeps<SmsSender>,
): Promise<DeliveryReceipt> {
  if (!deps.client) {
    throw new DeliveryError(
      "SMS is not set up on this server (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM).",
    );
  }
  const signal = AbortSignal.timeout(deps.timeoutMs);
  await deps.client.send(delivery.channel.config.phone ?? "", body, signal);
  return { kind: "delivered", costCents: SMS_PRICE_CENTS };
}

/** SMS: short texts through the SMS provider, each recorded for billing. */
export const smsProvider: NotificationProvider<SmsSender> = {
  setUp: {
    client: (config) => (config.sms ? twilioSmsClient(config.sms) : undefined),
    missing:
      "SMS is not set up on this server: its operator needs to set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM.",
  },
  sendAlert: (delivery, deps) => text(alertSms(delivery.event, delivery.message), delivery, deps),
  sendRecovery: (delivery, deps) =>
    text(recoverySms(delivery.event, delivery.message), delivery, deps),
};
