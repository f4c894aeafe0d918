import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import type {
  Delivery,
  DeliveryError,
  DeliveryReceipt,
  NotificationProvider,
  ProviderDeps,
} from "../provider.ts";
import { postJson } from "./post-json.ts";

/**
 * A chat service's provider: every notification, alert or recovery, is one JSON message to the
 * channel's webhook; any answer but 2xx becomes the service's refusal in words.
 */
export function chatProvider(
  messageOf: (event: Delivery["event"], message: NotificationMessage) => unknown,
  refusal: (answer: PostAnswer) => DeliveryError,
): NotificationProvider {
  const post = async (delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> => {
    const answer = await postJson(delivery, messageOf(delivery.event, delivery.message), deps);
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { kind: "delivered" };
    throw refusal(answer);
  };
  return { sendAlert: post, sendRecovery: post };
}
