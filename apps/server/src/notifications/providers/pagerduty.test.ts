import { testNetwork } from "@upwatch/checks/testing";
import { describe, expect, it } from "vitest";
import { startFakePagerDuty } from "../../../test/fake-pagerduty.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  MINUTE,
  OPENED,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery, ProviderDeps } from "../provider.ts";
import { type PagerDutyClient, pagerDutyProvider } from "./pagerduty.ts";

describe("PagerDuty alerts", () => {
  const pagerDuty = fakeForFile(startFakePagerDuty);

  const deps = (network = testNetwork()): ProviderDeps<PagerDutyClient> => ({
    ...providerDeps(network),
    client: { eventsUrl: pagerDuty.eventsUrl },
  });
  const to = (key: string, event: Delivery["event"], message: Delivery["message"]) =>
    deliveryTo({ routing_key: key }, event, message);
  const send = (delivery: Delivery, network?: ReturnType<typeof testNetwork>) =>
    sendThrough(pagerDutyProvider, delivery, deps(network));
  const sendOne = (delivery: Delivery) => deliverOne(pagerDuty, () => send(delivery));

  it("triggers an incident for a monitor going down, keyed on the alert, with its target, facts and a link", async () => {
    const key = pagerDuty.keyFor("working");
    const event = await sendOne(to(key, "monitor.down", checkoutMessage("monitor.down")));
    expect(event).toEqual({
      routing_key: key,
      event_action: "trigger",
      dedup_key: "upwatch-alt_3kV8wQ1z",
      payload: {
        summary: "Checkout API - EU is down",
        source: "https://api.example.com/health",
        severity: "critical",
        timestamp: "2024-11-02T09:14:27Z",
        component: "Checkout API - EU",
        custom_details: {
          Monitor: "Checkout API - EU",
          Target: "https://api.example.com/health",
          "Check type": "http",
          Region: "eu-west-1",
          Problem: "Expected status 200-299, got 503",
          "Status code": "503",
          "Response time": "1,240 ms",
          "Consecutive failures": "3",
          Opened: "2024-11-02 09:14 UTC",
          Check: "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
        },
      },
      client: "Upwatch",
      client_url: ALERT_URL,
      links: [{ href: ALERT_URL, text: "View alert in Upwatch" }],
    });
    expect(pagerDuty.incidents.get("upwatch-alt_3kV8wQ1z")).toBe("triggered");
  });

  it("keeps repeats on the incident, acknowledges it with the alert, and resolves it with the same key", async () => {
    const key = pagerDuty.keyFor("working");
    const message = checkoutMessage("monitor.down", { problem: "Connection refused" });
    const alertId = "alt_lifecycle1";
    message.payload.alert.id = alertId;
    await sendOne(to(key, "monitor.down", message));
    const repeat = checkoutMessage("alert.escalated", { at: OPENED + 5 * MINUTE, number: 2 });
    repeat.payload.alert.id = alertId;
    expect(await sendOne(to(key, "alert.escalated", repeat))).toMatchObject({
      event_action: "trigger",
      dedup_key: `upwatch-${alertId}`,
      payload: { summary: "Checkout API - EU is still down" },
    });
    expect(await sendOne(to(key, "alert.acknowledged", message))).toEqual({
      routing_key: key,
      event_action: "acknowledge",
      dedup_key: `upwatch-${alertId}`,
    });
    expect(pagerDuty.incidents.get(`upwatch-${alertId}`)).toBe("acknowledged");
    const up = checkoutMessage("monitor.up");
    up.payload.alert.id = alertId;
    expect(await sendOne(to(key, "monitor.up", up))).toEqual({
      routing_key: key,
      event_action: "resolve",
      dedup_key: `upwatch-${alertId}`,
    });
    expect(pagerDuty.incidents.get(`upwatch-${alertId}`)).toBe("resolved");
  });

  it("gives a certificate warning and an agent's alert PagerDuty's warning severity, the agent's host as source", async () => {
    const key = pagerDuty.keyFor("working");
    const ssl = await sendOne(to(key, "ssl.expiring", checkoutMessage("ssl.expiring")));
    expect(ssl.payload).toMatchObject({
      severity: "warning",
      summary: "SSL certificate for shop.example.com expires in 14 days",
      source: "shop.example.com",
    });
    const disk = await sendOne(to(key, "agent.alert", diskAlertMessage()));
    expect(disk.payload).toMatchObject({
      severity: "warning",
      source: "db1.internal",
      component: "db-primary",
      custom_details: { Agent: "db-primary", Measured: "12", Threshold: "15" },
    });
    const info = checkoutMessage("monitor.down");
    info.payload.alert.severity = "info";
    expect((await sendOne(to(key, "monitor.down", info))).payload).toMatchObject({
      severity: "info",
    });
  });

  it("sends a test as an Info incident that it resolves at once, so nothing stays open", async () => {
    const key = pagerDuty.keyFor("working");
    const before = pagerDuty.accepted.length;
    const delivery = { ...to(key, "test", testMessage("PagerDuty ops")), id: "ntf_test1" };
    expect(await send(delivery)).toEqual({ kind: "delivered" });
    const [trigger, resolve] = pagerDuty.accepted.slice(before);
    expect(trigger).toMatchObject({
      event_action: "trigger",
      dedup_key: "upwatch-test-ntf_test1",
      payload: {
        summary: "Test notification for PagerDuty ops",
        severity: "info",
        source: "https://example.com/health",
        custom_details: { Check: "This PagerDuty service will receive Upwatch alerts." },
      },
    });
    expect(resolve).toEqual({
      routing_key: key,
      event_action: "resolve",
      dedup_key: "upwatch-test-ntf_test1",
    });
    expect(pagerDuty.incidents.get("upwatch-test-ntf_test1")).toBe("resolved");
  });

  it("cuts a summary longer than PagerDuty's 1,024 characters with an ellipsis", async () => {
    const key = pagerDuty.keyFor("working");
    const long = checkoutMessage("monitor.down", { name: "N".repeat(2000) });
    const { payload } = await sendOne(to(key, "monitor.down", long));
    const summary = String((payload as { summary: string }).summary);
    expect(Array.from(summary)).toHaveLength(1024);
    expect(summary.endsWith("N…")).toBe(true);
  });

  it("explains PagerDuty's refusals: an unknown key, the rate limit and a failure on its side", async () => {
    const down = (key: string) => send(to(key, "monitor.down", checkoutMessage("monitor.down")));
    await expect(down("0".repeat(32))).rejects.toThrow(
      "PagerDuty refused the event as invalid (400): Invalid routing key. Copy the integration key again from the service's Events API V2 integration in PagerDuty.",
    );
    await expect(down(pagerDuty.keyFor("rate-limited"))).rejects.toThrow(
      "PagerDuty limited the rate of events for this integration key (429) and did not take this one.",
    );
    await expect(down(pagerDuty.keyFor("failing"))).rejects.toThrow(
      "PagerDuty could not take the event (500), a problem on PagerDuty's side; it was not sent again.",
    );
  });

  refusesPrivateAddresses(
    "refuses to send to a private address unless the operator allows it, sending nothing",
    pagerDuty,
    (strict) =>
      send(
        to(pagerDuty.keyFor("working"), "monitor.down", checkoutMessage("monitor.down")),
        strict,
      ),
  );
});
