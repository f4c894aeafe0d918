import { testNetwork } from "@upwatch/checks/testing";
import { describe, expect, it } from "vitest";
import { type PushoverUserKind, startFakePushover } from "../../../test/fake-pushover.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  OPENED,
  oversizedMessage,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery, ProviderDeps } from "../provider.ts";
import { type PushoverClient, pushoverProvider } from "./pushover.ts";

describe("Pushover alerts", () => {
  const pushover = fakeForFile(startFakePushover);

  const deps = (network = testNetwork()): ProviderDeps<PushoverClient> => ({
    ...providerDeps(network),
    client: { apiUrl: pushover.url },
  });
  const config = (kind: PushoverUserKind = "working", extra: Record<string, string> = {}) => ({
    app_token: pushover.appToken,
    user_key: pushover.secretFor(kind),
    ...extra,
  });
  const attempt = (delivery: Delivery, network?: ReturnType<typeof testNetwork>) =>
    sendThrough(pushoverProvider, delivery, deps(network));
  const send = (event: Delivery["event"], message: Delivery["message"], settings = config()) =>
    deliverOne(pushover, () => attempt(deliveryTo(settings, event, message)));
  const down = (settings: Record<string, string>) =>
    attempt(deliveryTo(settings, "monitor.down", checkoutMessage("monitor.down")));

  it("sends a monitor going down as an emergency that repeats every minute for an hour", async () => {
    const settings = config();
    const body = await send("monitor.down", checkoutMessage("monitor.down"), settings);
    expect(body).toEqual({
      token: pushover.appToken,
      user: settings.user_key,
      title: "CRITICAL: Checkout API - EU is down",
      message:
        "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\nOpened 09:14 UTC",
      priority: 2,
      retry: 60,
      expire: 3600,
      tags: "alt_3kV8wQ1z",
      timestamp: Math.floor(OPENED / 1000),
      url: ALERT_URL,
      url_title: "View alert",
    });
    expect(pushover.received.at(-1)?.path).toBe("/1/messages.json");
  });

  it("gives a warning high priority and a recovery low priority, repeating neither", async () => {
    expect(await send("ssl.expiring", checkoutMessage("ssl.expiring"))).toMatchObject({
      priority: 1,
    });
    const agent = await send("agent.alert", diskAlertMessage());
    expect(agent).toMatchObject({ priority: 1 });
    expect(agent).not.toHaveProperty("retry");
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up).toMatchObject({
      title: "RESOLVED: Checkout API - EU is up",
      message: "Down for 23 minutes",
      priority: -1,
    });
    expect(up).not.toHaveProperty("retry");
  });

  it("stops the emergency's repeats when the monitor recovers", async () => {
    const settings = config();
    const alertId = checkoutMessage("monitor.down").payload.alert.id;
    await send("monitor.down", checkoutMessage("monitor.down"), settings);
    const emergency = pushover.emergencies.at(-1)!;
    expect(emergency).toMatchObject({ tags: [alertId], cancelled: false });
    await send("monitor.up", checkoutMessage("monitor.up"), settings);
    expect(emergency.cancelled).toBe(true);
    expect(pushover.received.at(-1)?.path).toBe(`/1/receipts/cancel_by_tag/${alertId}.json`);
  });

  it("stops the emergency's repeats when the alert is acknowledged in Upwatch, sending no message", async () => {
    const settings = config();
    await send("monitor.down", checkoutMessage("monitor.down"), settings);
    const emergency = pushover.emergencies.at(-1)!;
    const before = pushover.accepted.length;
    const ack = deliveryTo(settings, "alert.acknowledged", checkoutMessage("monitor.down"));
    expect(await attempt(ack)).toEqual({ kind: "delivered" });
    expect(emergency.cancelled).toBe(true);
    expect(pushover.accepted).toHaveLength(before);
  });

  it("sends a test at normal priority to the chosen devices only", async () => {
    const settings = config("working", { device: "iphone,desktop" });
    expect(await send("test", testMessage("Pushover"), settings)).toEqual({
      token: pushover.appToken,
      user: settings.user_key,
      device: "iphone,desktop",
      title: "TEST: Test notification for Pushover",
      message: "This Pushover user will receive Upwatch alerts.",
      priority: 0,
      timestamp: Math.floor(OPENED / 1000),
    });
  });

  it("cuts the title and the message to Pushover's 250 and 1,024 characters", async () => {
    const body = await send("monitor.down", oversizedMessage());
    expect(Array.from(String(body.title))).toHaveLength(250);
    const message = Array.from(String(body.message));
    expect(message).toHaveLength(1024);
    expect(message.join("")).toMatch(/💥…\nOpened 09:14 UTC$/);
  });

  it("explains Pushover's refusals: a wrong token, user key or device, the monthly limit, a failure", async () => {
    await expect(down({ ...config(), app_token: "a".repeat(30) })).rejects.toThrow(
      "Pushover answered 400: application token is invalid. The application's API token is wrong: copy it from your application's page at pushover.net/apps into this channel.",
    );
    await expect(down({ ...config(), user_key: "u".repeat(30) })).rejects.toThrow(
      "Pushover answered 400: user identifier is not a valid user, group, or subscribed user key. The user or group key is wrong: copy your user key from your Pushover dashboard, or a delivery group's key, into this channel.",
    );
    await expect(down(config("working", { device: "tablet" }))).rejects.toThrow(
      "Pushover answered 400: device name is not valid for user. No device of this user has that name: check the names in the Pushover app, or leave the device empty to reach all of them.",
    );
    await expect(down(config("over-limit"))).rejects.toThrow(
      /^Pushover refused the message with 429: application has exceeded its monthly message limit: this application has sent all the messages its monthly limit allows\./,
    );
    await expect(down(config("failing"))).rejects.toThrow("Pushover answered 500.");
  });

  refusesPrivateAddresses(
    "refuses to send to a private address unless the operator allows it, sending nothing",
    pushover,
    (strict) =>
      attempt(deliveryTo(config(), "monitor.down", checkoutMessage("monitor.down")), strict),
  );
});
