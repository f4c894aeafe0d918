import { sendThrough } from "../src/notifications/notification-worker.ts";
import type {
  Delivery,
  NotificationProvider,
  ProviderDeps,
} from "../src/notifications/provider.ts";
import type { FakeChatWebhooks } from "./fake-chat-webhooks.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "./provider-tests.ts";
import { checkoutMessage, deliveryTo, providerDeps } from "./sample-alert-messages.ts";

/** A chat provider's tests against the fake of its service, started once per file. */
export interface ChatProviderTests<Kind extends string> {
  /** The running fake; read it inside tests, not while they are collected. */
  readonly service: FakeChatWebhooks<Kind>;
  /** Sends as the worker does, expects it delivered, and returns the body the fake accepted. */
  deliver(delivery: Delivery): Promise<unknown>;
  /** Sends as the worker does and hands back the attempt, for refusals. */
  attempt(delivery: Delivery, deps?: ProviderDeps): Promise<unknown>;
  /** A monitor going down, sent to a webhook URL of this kind, for refusals. */
  attemptDown(kind: Kind): Promise<unknown>;
  /** Adds the test that a private address is refused before anything is sent. */
  refusesPrivateAddresses(): void;
}

/** Starts the fake before the file's tests and closes it after them. */
export function chatProviderTests<Kind extends string>(
  provider: NotificationProvider,
  startFake: () => Promise<FakeChatWebhooks<Kind>>,
): ChatProviderTests<Kind> {
  const service = fakeForFile(startFake);
  const attempt = (delivery: Delivery, deps = providerDeps()) =>
    sendThrough(provider, delivery, deps);
  const down = (kind: Kind) =>
    deliveryTo(service.urlFor(kind), "monitor.down", checkoutMessage("monitor.down"));
  return {
    service,
    attempt,
    attemptDown: (kind) => attempt(down(kind)),
    refusesPrivateAddresses: () =>
      refusesPrivateAddresses(
        "refuses to post to a private address unless the operator allows it, sending nothing",
        service,
        (strict) => attempt(down("working" as Kind), providerDeps(strict)),
      ),
    deliver: (delivery) => deliverOne(service, () => attempt(delivery)),
  };
}
