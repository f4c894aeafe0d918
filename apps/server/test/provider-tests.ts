import { createAddressPolicy, type NetworkAccess } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DeliveryReceipt } from "../src/notifications/provider.ts";
import type { Receiver } from "./receivers.ts";

/**
 * The fake of a service, started before the file's tests and closed after them. It stands for
 * the running fake: read it inside tests, not while they are collected.
 */
export function fakeForFile<Fake extends object & { close(): Promise<void> }>(
  start: () => Promise<Fake>,
): Fake {
  let fake: Fake | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake?.close());
  return new Proxy({} as Fake, {
    get(_, key) {
      if (!fake) throw new Error("The fake service starts before the tests.");
      const value: unknown = Reflect.get(fake, key);
      return typeof value === "function" ? value.bind(fake) : value;
    },
  });
}

/** Sends, expects it delivered with one more message accepted, and returns that message. */
export async function deliverOne<Message>(
  fake: { accepted: Message[] },
  send: () => Promise<DeliveryReceipt | undefined>,
): Promise<Message> {
  const before = fake.accepted.length;
  expect(await send()).toEqual({ kind: "delivered" });
  expect(fake.accepted).toHaveLength(before + 1);
  return fake.accepted.at(-1)!;
}

/** Adds the test named `name` that a private address is refused before anything reaches `fake`. */
export function refusesPrivateAddresses(
  name: string,
  fake: Receiver,
  send: (network: NetworkAccess) => Promise<unknown>,
): void {
  it(name, async () => {
    const strict = testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) });
    const before = fake.received.length;
    await expect(send(strict)).rejects.toThrow(
      /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
    );
    expect(fake.received).toHaveLength(before);
  });
}
