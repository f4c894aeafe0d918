import type { NetworkAccess } from "@upwatch/checks";
import { describe, expect, it } from "vitest";
import { type NtfyTopicKind, startFakeNtfy } from "../../../test/fake-ntfy.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  MINUTE,
  OPENED,
  oversizedMessage,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery } from "../provider.ts";
import { ntfyProvider } from "./ntfy.ts";

describe("ntfy alerts", () => {
  const ntfy = fakeForFile(startFakeNtfy);

  const config = (kind: NtfyTopicKind = "working", token?: string) => ({
    server: ntfy.url,
    topic: ntfy.secretFor(kind),
    ...(token ? { access_token: token } : {}),
  });
  const attempt = (delivery: Delivery, network?: NetworkAccess) =>
    sendThrough(ntfyProvider, delivery, providerDeps(network));
  const send = (event: Delivery["event"], message: Delivery["message"], settings = config()) =>
    deliverOne(ntfy, () => attempt(deliveryTo(settings, event, message)));
  const down = (settings: Record<string, string>) =>
    attempt(deliveryTo(settings, "monitor.down", checkoutMessage("monitor.down")));

  it("publishes a monitor going down to the topic as an urgent message that opens the alert", async () => {
    const settings = config();
    const body = await send("monitor.down", checkoutMessage("monitor.down"), settings);
    expect(body).toEqual({
      topic: settings.topic,
      title: "CRITICAL: Checkout API - EU is down",
      message:
        "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\nOpened 09:14 UTC",
      priority: 5,
      tags: ["rotating_light"],
      click: ALERT_URL,
      actions: [{ action: "view", label: "View alert", url: ALERT_URL }],
    });
    const request = ntfy.received.at(-1)!;
    expect(request.path).toBe("/");
    expect(request.headers.authorization).toBeUndefined();
  });

  it("gives a warning high priority, and a recovery default priority with a check mark", async () => {
    const warning = await send("ssl.expiring", checkoutMessage("ssl.expiring"));
    expect(warning).toMatchObject({ priority: 4, tags: ["warning"] });
    const agent = await send("agent.alert", diskAlertMessage());
    expect(agent).toMatchObject({
      title: "WARNING: Disk / on db-primary has 12% free (under 15%)",
      priority: 4,
    });
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up).toMatchObject({
      title: "RESOLVED: Checkout API - EU is up",
      message: "Down for 23 minutes",
      priority: 3,
      tags: ["white_check_mark"],
    });
    const escalated = await send(
      "alert.escalated",
      checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated.title).toBe("CRITICAL: Checkout API - EU is still down (notification 4)");
  });

  it("sends a test at default priority that says the topic will receive alerts", async () => {
    expect(await send("test", testMessage("ntfy ops"))).toEqual({
      topic: expect.any(String),
      title: "TEST: Test notification for ntfy ops",
      message: "This ntfy topic will receive Upwatch alerts.",
      priority: 3,
      tags: ["bell"],
    });
  });

  it("sends the access token as a bearer token to a topic that needs one", async () => {
    const body = await send(
      "monitor.down",
      checkoutMessage("monitor.down"),
      config("protected", ntfy.writeToken),
    );
    expect(body.priority).toBe(5);
    expect(ntfy.received.at(-1)?.headers.authorization).toBe(`Bearer ${ntfy.writeToken}`);
  });

  it("cuts a message to ntfy's 4,096 bytes instead of letting it become an attachment", async () => {
    const body = await send("monitor.down", oversizedMessage());
    const message = String(body.message);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(message)).toBeGreaterThan(4000);
    expect(message).toMatch(/💥…\nOpened 09:14 UTC$/);
    expect(Array.from(String(body.title))).toHaveLength(256);
  });

  it("explains ntfy's refusals: no token, a token without write access, a wrong token, the rate, no room", async () => {
    await expect(down(config("protected"))).rejects.toThrow(
      "ntfy refused the message with 403 (forbidden): this topic needs an access token whose user may publish to it. Enter such a token in this channel, or give its user write access to the topic.",
    );
    await expect(down(config("protected", ntfy.readOnlyToken))).rejects.toThrow(
      "ntfy refused the message with 403 (forbidden)",
    );
    await expect(down(config("working", `tk_${"x".repeat(29)}`))).rejects.toThrow(
      "ntfy refused the access token with 401 (unauthorized): it is wrong or was deleted. Create one in ntfy under Account > Access tokens and enter it in this channel.",
    );
    await expect(down(config("rate-limited"))).rejects.toThrow(
      "ntfy limited the rate of messages (429: limit reached: too many requests, please be nice); later messages go through once the rate drops.",
    );
    await expect(down(config("full"))).rejects.toThrow(/^ntfy could not keep the message \(507: /);
    await expect(down(config("failing"))).rejects.toThrow(
      "ntfy answered 500 (internal server error).",
    );
  });

  it("publishes to a self-hosted server given with a trailing slash", async () => {
    const settings = { ...config(), server: `${ntfy.url}/` };
    await send("monitor.down", checkoutMessage("monitor.down"), settings);
    expect(ntfy.received.at(-1)?.path).toBe("/");
  });

  refusesPrivateAddresses(
    "refuses to publish to a private address unless the operator allows it, sending nothing",
    ntfy,
    (strict) =>
      attempt(deliveryTo(config(), "monitor.down", checkoutMessage("monitor.down")), strict),
  );
});
