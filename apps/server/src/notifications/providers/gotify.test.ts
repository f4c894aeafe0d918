import type { NetworkAccess } from "@upwatch/checks";
import { describe, expect, it } from "vitest";
import { type GotifyTokenKind, startFakeGotify } from "../../../test/fake-gotify.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  oversizedMessage,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery } from "../provider.ts";
import { gotifyProvider } from "./gotify.ts";

describe("Gotify alerts", () => {
  const gotify = fakeForFile(startFakeGotify);

  const config = (kind: GotifyTokenKind = "working") => ({
    server: gotify.url,
    app_token: gotify.secretFor(kind),
  });
  const attempt = (delivery: Delivery, network?: NetworkAccess) =>
    sendThrough(gotifyProvider, delivery, providerDeps(network));
  const send = (event: Delivery["event"], message: Delivery["message"], settings = config()) =>
    deliverOne(gotify, () => attempt(deliveryTo(settings, event, message)));
  const down = (settings: Record<string, string>) =>
    attempt(deliveryTo(settings, "monitor.down", checkoutMessage("monitor.down")));

  it("sends a monitor going down at priority 10 as markdown, the token in a header and a tap opening the alert", async () => {
    const settings = config();
    const body = await send("monitor.down", checkoutMessage("monitor.down"), settings);
    expect(body).toEqual({
      title: "CRITICAL: Checkout API - EU is down",
      message: `HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\n\nOpened 09:14 UTC\n\n[View alert](${ALERT_URL})`,
      priority: 10,
      extras: {
        "client::display": { contentType: "text/markdown" },
        "client::notification": { click: { url: ALERT_URL } },
      },
    });
    const request = gotify.received.at(-1)!;
    expect(request.path).toBe("/message");
    expect(request.headers["x-gotify-key"]).toBe(settings.app_token);
  });

  it("gives a warning priority 7 and a recovery priority 3", async () => {
    expect(await send("ssl.expiring", checkoutMessage("ssl.expiring"))).toMatchObject({
      priority: 7,
    });
    expect(await send("monitor.up", checkoutMessage("monitor.up"))).toMatchObject({
      title: "RESOLVED: Checkout API - EU is up",
      message: `Down for 23 minutes\n\n[View alert](${ALERT_URL})`,
      priority: 3,
    });
  });

  it("keeps an agent's markdown from changing the message", async () => {
    const agentRun = { ...checkoutMessage("monitor.down"), agentName: "edge_*one*" };
    const body = await send("monitor.down", agentRun);
    expect(String(body.message)).toContain("from agent edge\\_\\*one\\*");
    const disk = await send("agent.alert", diskAlertMessage());
    expect(disk).toMatchObject({ priority: 7 });
  });

  it("sends a test at priority 5 that says the application will receive alerts", async () => {
    expect(await send("test", testMessage("Gotify"))).toEqual({
      title: "TEST: Test notification for Gotify",
      message: "This Gotify application will receive Upwatch alerts.",
      priority: 5,
      extras: { "client::display": { contentType: "text/markdown" } },
    });
  });

  it("cuts a long name to 256 characters and a long detail so the message keeps to 4,096, keeping the link", async () => {
    const title = Array.from(String((await send("monitor.down", oversizedMessage())).title));
    expect(title).toHaveLength(256);
    const long = { ...checkoutMessage("monitor.down"), agentName: "a".repeat(5000) };
    const message = Array.from(String((await send("monitor.down", long)).message));
    expect(message).toHaveLength(4096);
    expect(message.join("")).toMatch(/a…\n\nOpened 09:14 UTC\n\n\[View alert\]\(.+\)$/);
  });

  it("sends to a server address given with a trailing slash", async () => {
    const settings = { ...config(), server: `${gotify.url}/` };
    await send("monitor.down", checkoutMessage("monitor.down"), settings);
    expect(gotify.received.at(-1)?.path).toBe("/message");
  });

  it("explains Gotify's refusals: a wrong token, a client's token, the rate, a failure", async () => {
    const wrongToken =
      "Gotify refused the token with 401 (you need to provide a valid access token or user credentials to access this api): the application was deleted or the token is wrong. In Gotify, open Apps, copy the application's token (a client's token cannot send) and paste it into this channel.";
    await expect(down({ ...config(), app_token: "AnotAnApp12345" })).rejects.toThrow(wrongToken);
    await expect(down({ ...config(), app_token: gotify.clientToken })).rejects.toThrow(wrongToken);
    await expect(down(config("rate-limited"))).rejects.toThrow(
      "Gotify's server limited the rate of messages (429: too many requests).",
    );
    await expect(down(config("failing"))).rejects.toThrow(
      "Gotify answered 500 (database is locked).",
    );
    await expect(down({ ...config(), server: `${gotify.url}/elsewhere` })).rejects.toThrow(
      /^Gotify answered 404 \(page not found\): no Gotify server answers at this address\./,
    );
  });

  refusesPrivateAddresses(
    "refuses to send to a private address unless the operator allows it, sending nothing",
    gotify,
    (strict) =>
      attempt(deliveryTo(config(), "monitor.down", checkoutMessage("monitor.down")), strict),
  );
});
