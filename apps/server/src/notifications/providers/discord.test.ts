import { describe, expect, it } from "vitest";
import { chatProviderTests } from "../../../test/chat-provider-tests.ts";
import { startFakeDiscord } from "../../../test/fake-discord.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  MINUTE,
  OPENED,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import type { Delivery } from "../provider.ts";
import { discordProvider } from "./discord.ts";

type Embed = Record<string, unknown>;
type Body = { embeds: Embed[] } & Record<string, unknown>;

describe("Discord alerts", () => {
  const discord = chatProviderTests(discordProvider, startFakeDiscord);
  const send = async (event: Delivery["event"], message: Delivery["message"]) => {
    const url = discord.service.urlFor("working");
    return (await discord.deliver(deliveryTo(url, event, message))) as Body;
  };

  it("posts a monitor going down as a red embed with the check, the facts and a link to the alert", async () => {
    const body = await send("monitor.down", checkoutMessage("monitor.down"));
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toEqual([
      {
        title: "CRITICAL: Checkout API - EU is down",
        url: ALERT_URL,
        description: `HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\n[View alert](${ALERT_URL})`,
        color: 0xd92d20,
        fields: [
          { name: "Severity", value: "Critical", inline: true },
          { name: "Opened", value: "2024-11-02 09:14 UTC", inline: true },
        ],
        footer: { text: "Upwatch" },
        timestamp: "2024-11-02T09:14:27Z",
      },
    ]);
  });

  it("numbers an escalation, and turns green with how long it was down when the monitor is back up", async () => {
    const escalated = await send(
      "alert.escalated",
      checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated.embeds[0]).toMatchObject({
      title: "CRITICAL: Checkout API - EU is still down (notification 4)",
      fields: [
        { name: "Severity", value: "Critical" },
        { name: "Opened", value: "2024-11-02 09:14 UTC" },
        { name: "Notification", value: "4" },
      ],
    });
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up.embeds[0]).toMatchObject({
      title: "RESOLVED: Checkout API - EU is up",
      description: `[View alert](${ALERT_URL})`,
      color: 0x12b76a,
      fields: [
        { name: "Opened", value: "2024-11-02 09:14 UTC" },
        { name: "Down for", value: "23 minutes" },
      ],
    });
    const byHand = await send(
      "alert.resolved",
      checkoutMessage("alert.resolved", { at: OPENED + 9 * MINUTE }),
    );
    expect(byHand.embeds[0]).toMatchObject({
      title: "RESOLVED: The alert for Checkout API - EU was resolved by hand",
      fields: [{ name: "Opened" }, { name: "Open for", value: "9 minutes" }],
    });
  });

  it("sends a blue test message that says the channel will receive alerts", async () => {
    const body = await send("test", testMessage("Discord #ops"));
    expect(body.embeds[0]).toMatchObject({
      title: "TEST: Test notification for Discord #ops",
      description: "This Discord channel will receive Upwatch alerts.",
      color: 0x2e90fa,
      fields: [],
    });
  });

  it("cuts a long name and a long detail to Discord's limits with an ellipsis, keeping the link", async () => {
    const long = {
      ...checkoutMessage("monitor.down", { name: "N".repeat(400) }),
      agentName: "a".repeat(5000),
    };
    const embed = (await send("monitor.down", long)).embeds[0]!;
    expect(embed.title).toHaveLength(256);
    expect(String(embed.title).endsWith("N…")).toBe(true);
    const description = String(embed.description);
    expect(Array.from(description)).toHaveLength(4096);
    expect(description.endsWith(`a…\n[View alert](${ALERT_URL})`)).toBe(true);
  });

  it("keeps an agent's markdown from changing the message and pings no one", async () => {
    const agentRun = { ...checkoutMessage("monitor.down"), agentName: "edge_*one*" };
    const embed = (await send("monitor.down", agentRun)).embeds[0]!;
    expect(String(embed.description)).toContain("from agent edge\\_\\*one\\*");
  });

  it("explains Discord's refusals: rate limited, and a deleted webhook", async () => {
    await expect(discord.attemptDown("rate-limited")).rejects.toThrow(
      "Discord limited the rate of messages to this webhook (429) and asked to wait 1.5 s.",
    );
    await expect(discord.attemptDown("deleted")).rejects.toThrow(
      "Discord answered 404: Unknown Webhook. The webhook was deleted or its URL is wrong: create a webhook in Discord and paste its URL into this channel.",
    );
  });

  discord.refusesPrivateAddresses();
});
