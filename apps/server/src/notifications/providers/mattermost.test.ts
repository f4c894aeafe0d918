import { describe, expect, it } from "vitest";
import { chatProviderTests } from "../../../test/chat-provider-tests.ts";
import { startFakeMattermost } from "../../../test/fake-mattermost.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  MINUTE,
  OPENED,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import type { Delivery } from "../provider.ts";
import { mattermostProvider } from "./mattermost.ts";

type Attachment = Record<string, unknown> & { fields: Array<Record<string, unknown>> };

describe("Mattermost alerts", () => {
  const mattermost = chatProviderTests(mattermostProvider, startFakeMattermost);
  const send = async (
    event: Delivery["event"],
    message: Delivery["message"],
  ): Promise<Attachment> => {
    const url = mattermost.service.urlFor("working");
    const body = (await mattermost.deliver(deliveryTo(url, event, message))) as {
      attachments: Attachment[];
    };
    expect(body.attachments).toHaveLength(1);
    return body.attachments[0]!;
  };

  it("posts a monitor going down as a red attachment with the check, the facts and a link to the alert", async () => {
    const attachment = await send("monitor.down", checkoutMessage("monitor.down"));
    expect(attachment).toEqual({
      fallback: "CRITICAL: Checkout API - EU is down",
      color: "#D92D20",
      title: "CRITICAL: Checkout API - EU is down",
      title_link: ALERT_URL,
      text: `HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\n[View alert](${ALERT_URL})`,
      fields: [
        { short: true, title: "Severity", value: "Critical" },
        { short: true, title: "Opened", value: "2024-11-02 09:14 UTC" },
      ],
      footer: "Upwatch",
    });
  });

  it("numbers an escalation, and turns green with how long it was down when the monitor is back up", async () => {
    const escalated = await send(
      "alert.escalated",
      checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated).toMatchObject({
      title: "CRITICAL: Checkout API - EU is still down (notification 4)",
      fields: [
        { title: "Severity", value: "Critical" },
        { title: "Opened", value: "2024-11-02 09:14 UTC" },
        { title: "Notification", value: "4" },
      ],
    });
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up).toMatchObject({
      fallback: "RESOLVED: Checkout API - EU is up",
      color: "#12B76A",
      text: `[View alert](${ALERT_URL})`,
      fields: [
        { title: "Opened", value: "2024-11-02 09:14 UTC" },
        { title: "Down for", value: "23 minutes" },
      ],
    });
  });

  it("sends a blue test message that says the channel will receive alerts", async () => {
    const attachment = await send("test", testMessage("Mattermost ~ops"));
    expect(attachment).toMatchObject({
      title: "TEST: Test notification for Mattermost ~ops",
      text: "This Mattermost channel will receive Upwatch alerts.",
      color: "#2E90FA",
      fields: [],
    });
  });

  it("cuts a long name and a long detail with an ellipsis, keeping the link and the attachment under 7,900 characters", async () => {
    const long = {
      ...checkoutMessage("monitor.down", { name: "N".repeat(400) }),
      agentName: "a".repeat(20_000),
    };
    const attachment = await send("monitor.down", long);
    expect(Array.from(String(attachment.title))).toHaveLength(256);
    expect(String(attachment.title).endsWith("N…")).toBe(true);
    const text = String(attachment.text);
    expect(Array.from(text)).toHaveLength(4000);
    expect(text.endsWith(`a…\n[View alert](${ALERT_URL})`)).toBe(true);
  });

  it("keeps an agent's markdown and @mentions from changing the message or notifying anyone", async () => {
    const agentRun = { ...checkoutMessage("monitor.down"), agentName: "@channel_*one*" };
    const attachment = await send("monitor.down", agentRun);
    expect(String(attachment.text)).toContain("from agent @\u2060channel\\_\\*one\\*");
  });

  it("explains Mattermost's refusals: an unknown webhook, and rate limiting", async () => {
    await expect(mattermost.attemptDown("deleted")).rejects.toThrow(
      "Mattermost answered 400: Invalid webhook. The webhook was deleted or its URL is wrong: add an incoming webhook in Mattermost and paste its URL into this channel.",
    );
    await expect(mattermost.attemptDown("rate-limited")).rejects.toThrow(
      "Mattermost limited the rate of requests from Upwatch (429).",
    );
  });

  mattermost.refusesPrivateAddresses();
});
