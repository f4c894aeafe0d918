import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import type {
  Delivery,
  DeliveryError,
  DeliveryReceipt,
  NotificationProvider,
  ProviderDeps,
} from "../provider.ts";
import { deliverJson } from "./post-json.ts";

/**
 * A chat service's provider: every notification, alert or recovery, is one JSON message to the
 * channel's webhook; any answer but 2xx becomes the service's refusal in words.
 */
export function chatProvider(
  messageOf: (event: Delivery["event"], message: NotificationMessage) => unknown,
  refusal: (answer: PostAnswer) => DeliveryError,
): NotificationProvider {
  const post = (delivery: Delivery, deps: ProviderDeps): Promise<DeliveryReceipt> =>
    deliverJson(
      {
        url: delivery.channel.config.url ?? "",
        body: messageOf(delivery.event, delivery.message),
      },
      deps,
      refusal,
    );
  return { sendAlert: post, sendRecovery: post };
}
