import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { isRecoveryEvent } from "@upwatch/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type {
  Delivery,
  NotificationProvider,
  ProviderDeps,
} from "../src/notifications/provider.ts";
import type { FakeChatWebhooks } from "./fake-chat-webhooks.ts";
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
  let service: FakeChatWebhooks<Kind> | undefined;
  beforeAll(async () => {
    service = await startFake();
  });
  afterAll(() => service?.close());
  const running = () => {
    if (!service) throw new Error("The fake service starts before the tests.");
    return service;
  };
  const attempt = (delivery: Delivery, deps = providerDeps()) =>
    isRecoveryEvent(delivery.event)
      ? provider.sendRecovery(delivery, deps)
      : provider.sendAlert(delivery, deps);
  const down = (kind: Kind) =>
    deliveryTo(running().urlFor(kind), "monitor.down", checkoutMessage("monitor.down"));
  return {
    get service() {
      return running();
    },
    attempt,
    attemptDown: (kind) => attempt(down(kind)),
    refusesPrivateAddresses: () =>
      it("refuses to post to a private address unless the operator allows it, sending nothing", async () => {
        const strict = testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) });
        const before = running().received.length;
        await expect(attempt(down("working" as Kind), providerDeps(strict))).rejects.toThrow(
          /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
        );
        expect(running().received).toHaveLength(before);
      }),
    deliver: async (delivery) => {
      const before = running().accepted.length;
      expect(await attempt(delivery)).toEqual({ kind: "delivered" });
      expect(running().accepted).toHaveLength(before + 1);
      return running().accepted.at(-1);
    },
  };
}
