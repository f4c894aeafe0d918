import { PostTimeoutError, postThroughGuard } from "@upwatch/checks";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { signWebhook } from "./webhook-signature.ts";

/**
 * One signed POST of the documented payload, through the network guard, with the channel's time
 * limit; any 2xx is delivered, anything else is a failed attempt (never retried).
 */
async function postWebhook(delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> {
  const body = JSON.stringify(delivery.message.payload);
  const timestamp = Math.floor(deps.now() / 1000);
  const secret = delivery.channel.secret;
  if (!secret) throw new DeliveryError("The webhook channel has no signing secret.");
  try {
    const answer = await postThroughGuard({
      url: delivery.channel.config.url ?? "",
      headers: {
        "content-type": "application/json",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(secret, delivery.id, timestamp, body),
      },
      body,
      timeoutMs: deps.timeoutMs,
      network: deps.network,
    });
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { kind: "delivered" };
    throw new DeliveryError(`The endpoint answered ${answer.statusCode}.`);
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    if (error instanceof PostTimeoutError) throw new DeliveryError(error.message, true);
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

/** Webhooks: every event is the same JSON payload, so alerts and recoveries post alike. */
export const webhookProvider: NotificationProvider = {
  sendAlert: postWebhook,
  sendRecovery: postWebhook,
};
