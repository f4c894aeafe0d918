import { isRecoveryEvent } from "@upwatch/core";
import { afterAll, beforeAll, expect } from "vitest";
import type {
  Delivery,
  NotificationProvider,
  ProviderDeps,
} from "../src/notifications/provider.ts";
import type { FakeChatWebhooks } from "./fake-chat-webhooks.ts";
import { providerDeps } from "./sample-alert-messages.ts";

/** A chat provider's tests against the fake of its service, started once per file. */
export interface ChatProviderTests<Kind extends string> {
  /** The running fake; read it inside tests, not while they are collected. */
  readonly service: FakeChatWebhooks<Kind>;
  /** Sends as the worker does, expects it delivered, and returns the body the fake accepted. */
  deliver(delivery: Delivery): Promise<unknown>;
  /** Sends as the worker does and hands back the attempt, for refusals. */
  attempt(delivery: Delivery, deps?: ProviderDeps): Promise<unknown>;
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
  return {
    get service() {
      return running();
    },
    attempt,
    deliver: async (delivery) => {
      const before = running().accepted.length;
      expect(await attempt(delivery)).toEqual({ kind: "delivered" });
      expect(running().accepted).toHaveLength(before + 1);
      return running().accepted.at(-1);
    },
  };
}
