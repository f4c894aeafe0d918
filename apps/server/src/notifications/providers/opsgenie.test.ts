import { testNetwork } from "@upwatch/checks/testing";
import { describe, expect, it } from "vitest";
import { startFakeOpsgenie } from "../../../test/fake-opsgenie.ts";
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
import type { Delivery, ProviderDeps } from "../provider.ts";
import { type OpsgenieClient, opsgenieProvider } from "./opsgenie.ts";

describe("Opsgenie alerts", () => {
  const opsgenie = fakeForFile(startFakeOpsgenie);

  const deps = (network = testNetwork()): ProviderDeps<OpsgenieClient> => ({
    ...providerDeps(network),
    client: { apiUrls: opsgenie.apiUrls },
  });
  const to = (key: string, event: Delivery["event"], message: Delivery["message"], region = "us") =>
    deliveryTo({ api_key: key, region }, event, message);
  const send = (delivery: Delivery, network?: ReturnType<typeof testNetwork>) =>
    sendThrough(opsgenieProvider, delivery, deps(network));
  const sendOne = (delivery: Delivery) => deliverOne(opsgenie, () => send(delivery));

  it("creates an alert for a monitor going down, aliased on the alert, as P1 with the facts as details", async () => {
    const key = opsgenie.keyFor("working");
    const request = await sendOne(to(key, "monitor.down", checkoutMessage("monitor.down")));
    expect(request).toEqual({
      instance: "us",
      action: "create",
      alias: "upwatch-alt_3kV8wQ1z",
      body: {
        message: "Checkout API - EU is down",
        alias: "upwatch-alt_3kV8wQ1z",
        description: [
          "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
          "",
          "Monitor: Checkout API - EU",
          "Target: https://api.example.com/health",
          "Check type: http",
          "Region: eu-west-1",
          "Problem: Expected status 200-299, got 503",
          "Status code: 503",
          "Response time: 1,240 ms",
          "Consecutive failures: 3",
          "Opened: 2024-11-02 09:14 UTC",
          "",
          `View alert: ${ALERT_URL}`,
        ].join("\n"),
        priority: "P1",
        entity: "Checkout API - EU",
        source: "Upwatch",
        tags: ["upwatch", "monitor", "critical"],
        details: {
          Monitor: "Checkout API - EU",
          Target: "https://api.example.com/health",
          "Check type": "http",
          Region: "eu-west-1",
          Problem: "Expected status 200-299, got 503",
          "Status code": "503",
          "Response time": "1,240 ms",
          "Consecutive failures": "3",
          Opened: "2024-11-02 09:14 UTC",
          "Alert page": ALERT_URL,
        },
      },
    });
    expect(opsgenie.alerts.get("upwatch-alt_3kV8wQ1z")).toBe("open");
  });

  it("acknowledges the alert by its alias, and closes it by its alias when the monitor recovers", async () => {
    const key = opsgenie.keyFor("working");
    const message = checkoutMessage("monitor.down");
    message.payload.alert.id = "alt_lifecycle2";
    await sendOne(to(key, "monitor.down", message));
    expect(await sendOne(to(key, "alert.acknowledged", message))).toEqual({
      instance: "us",
      action: "acknowledge",
      alias: "upwatch-alt_lifecycle2",
      body: { user: "Upwatch", source: "Upwatch", note: "Acknowledged in Upwatch." },
    });
    expect(opsgenie.alerts.get("upwatch-alt_lifecycle2")).toBe("acknowledged");
    const up = checkoutMessage("monitor.up");
    up.payload.alert.id = "alt_lifecycle2";
    expect(await sendOne(to(key, "monitor.up", up))).toMatchObject({
      action: "close",
      alias: "upwatch-alt_lifecycle2",
      body: { note: "Checkout API - EU is up after 23 minutes." },
    });
    expect(opsgenie.alerts.get("upwatch-alt_lifecycle2")).toBe("closed");
  });

  it("gives warnings P3 and information P5, and an agent's alert its agent as entity", async () => {
    const key = opsgenie.keyFor("working");
    const ssl = await sendOne(to(key, "ssl.expiring", checkoutMessage("ssl.expiring")));
    expect(ssl?.body).toMatchObject({ priority: "P3", tags: ["upwatch", "monitor", "warning"] });
    const disk = await sendOne(to(key, "agent.alert", diskAlertMessage()));
    expect(disk?.body).toMatchObject({
      message: "Disk / on db-primary has 12% free (under 15%)",
      priority: "P3",
      entity: "db-primary",
      tags: ["upwatch", "agent", "warning"],
      details: { Agent: "db-primary", Measured: "12", Threshold: "15" },
    });
    const info = checkoutMessage("monitor.down");
    info.payload.alert.severity = "info";
    expect((await sendOne(to(key, "monitor.down", info)))?.body).toMatchObject({ priority: "P5" });
  });

  it("sends to the EU instance when the channel says so", async () => {
    const key = opsgenie.keyFor("working", "eu");
    const request = await sendOne(to(key, "monitor.down", checkoutMessage("monitor.down"), "eu"));
    expect(request).toMatchObject({ instance: "eu", action: "create" });
  });

  it("sends a test as a P5 alert that it closes at once, so nothing stays open", async () => {
    const key = opsgenie.keyFor("working");
    const before = opsgenie.accepted.length;
    const delivery = { ...to(key, "test", testMessage("Opsgenie ops")), id: "ntf_test2" };
    expect(await send(delivery)).toEqual({ kind: "delivered" });
    const [create, close] = opsgenie.accepted.slice(before);
    expect(create).toMatchObject({
      action: "create",
      alias: "upwatch-test-ntf_test2",
      body: {
        message: "Test notification for Opsgenie ops",
        priority: "P5",
        tags: ["upwatch", "test", "info"],
      },
    });
    expect(String(create?.body.description)).toContain(
      "This Opsgenie account will receive Upwatch alerts.",
    );
    expect(close).toMatchObject({ action: "close", alias: "upwatch-test-ntf_test2" });
    expect(opsgenie.alerts.get("upwatch-test-ntf_test2")).toBe("closed");
  });

  it("keeps every field of an oversized alert within Opsgenie's limits, the link whole", async () => {
    const key = opsgenie.keyFor("working");
    const body = (await sendOne(to(key, "monitor.down", oversizedMessage())))?.body ?? {};
    expect(Array.from(String(body.message))).toHaveLength(130);
    expect(String(body.message).endsWith("…")).toBe(true);
    expect(Array.from(String(body.description)).length).toBeLessThanOrEqual(15_000);
    expect(String(body.description).endsWith(`View alert: ${ALERT_URL}`)).toBe(true);
    expect(Array.from(String(body.entity))).toHaveLength(512);
  });

  it("explains Opsgenie's refusals: a wrong key or instance, a read-only key, the rate limit, a failure", async () => {
    const down = (key: string, region = "us") =>
      send(to(key, "monitor.down", checkoutMessage("monitor.down"), region));
    const unauthenticated =
      "Opsgenie did not accept the API key (401: Could not authenticate): copy the key of an API integration that is turned on, and choose the instance, US or EU, the account is on.";
    await expect(down(opsgenie.keyFor("working", "eu"), "us")).rejects.toThrow(unauthenticated);
    await expect(down(opsgenie.keyFor("read-only"))).rejects.toThrow(
      "Opsgenie refused the request (403: You are not authorized for this operation): give the API integration Create and Update Access in Opsgenie.",
    );
    await expect(down(opsgenie.keyFor("rate-limited"))).rejects.toThrow(
      "Opsgenie limited the rate of requests from this API key (429) and did not take this one.",
    );
    await expect(down(opsgenie.keyFor("failing"))).rejects.toThrow(
      "Opsgenie could not take the request (503), a problem on Opsgenie's side; it was not sent again.",
    );
  });

  refusesPrivateAddresses(
    "refuses to send to a private address unless the operator allows it, sending nothing",
    opsgenie,
    (strict) =>
      send(to(opsgenie.keyFor("working"), "monitor.down", checkoutMessage("monitor.down")), strict),
  );
});
