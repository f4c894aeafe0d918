import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord } from "../../../test/fake-discord.ts";
import type { FakeChatService } from "../../../test/fake-json-webhook.ts";
import { ALERT_URL, MINUTE, OPENED, sampleMessage } from "../../../test/sample-alert-messages.ts";
import { buildTestMessage, type NotificationMessage } from "../../alerting/index.ts";
import type { Delivery, ProviderDeps } from "../provider.ts";
import { discordProvider } from "./discord.ts";

const HOOK = "/api/webhooks/1184392837465/Xy3_kP-q9";

describe("Discord alerts", () => {
  let discord: FakeChatService;
  const deps: ProviderDeps = {
    network: testNetwork(),
    client: undefined,
    now: () => OPENED,
    timeoutMs: 5_000,
  };
  beforeAll(async () => {
    discord = await startFakeDiscord();
  });
  afterAll(() => discord.close());

  const send = async (
    event: Delivery["event"],
    message: NotificationMessage,
    path = HOOK,
    using = deps,
  ) => {
    const delivery: Delivery = {
      id: "ntf_1",
      event,
      message,
      channel: {
        id: "chn_1",
        name: "Discord",
        config: { url: `${discord.url}${path}` },
        secret: null,
      },
    };
    const send = event === "monitor.up" ? discordProvider.sendRecovery : discordProvider.sendAlert;
    await send(delivery, using);
    return discord.taken.at(-1)?.body as { embeds: Array<Record<string, unknown>> } & Record<
      string,
      unknown
    >;
  };

  it("posts a monitor going down as a red embed with the check, the facts and a link to the alert", async () => {
    const body = await send("monitor.down", sampleMessage("monitor.down"));
    expect(discord.refused).toEqual([]);
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
      sampleMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated.embeds[0]).toMatchObject({
      title: "CRITICAL: Checkout API - EU is still down (notification 4)",
      fields: [
        { name: "Severity", value: "Critical" },
        { name: "Opened", value: "2024-11-02 09:14 UTC" },
        { name: "Notification", value: "4" },
      ],
    });
    const up = await send("monitor.up", sampleMessage("monitor.up", { at: OPENED + 23 * MINUTE }));
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
      sampleMessage("alert.resolved", { at: OPENED + 9 * MINUTE }),
    );
    expect(byHand.embeds[0]).toMatchObject({
      title: "RESOLVED: The alert for Checkout API - EU was resolved by hand",
      fields: [{ name: "Opened" }, { name: "Open for", value: "9 minutes" }],
    });
    expect(discord.refused).toEqual([]);
  });

  it("sends a blue test message that says the channel will receive alerts", async () => {
    const body = await send("test", buildTestMessage(OPENED, "Discord #ops"));
    expect(body.embeds[0]).toMatchObject({
      title: "TEST: Test notification for Discord #ops",
      description: "This Discord channel will receive Upwatch alerts.",
      color: 0x2e90fa,
      fields: [],
    });
  });

  it("cuts a long name and a long detail to Discord's limits with an ellipsis, keeping the link", async () => {
    const long = {
      ...sampleMessage("monitor.down", { name: "N".repeat(400) }),
      agentName: "a".repeat(5000),
    };
    const embed = (await send("monitor.down", long)).embeds[0]!;
    expect(discord.refused).toEqual([]);
    expect(embed.title).toHaveLength(256);
    expect(String(embed.title).endsWith("N…")).toBe(true);
    const description = String(embed.description);
    expect(Array.from(description)).toHaveLength(4096);
    expect(description.endsWith(`a…\n[View alert](${ALERT_URL})`)).toBe(true);
  });

  it("keeps an agent's markdown from changing the message and pings no one", async () => {
    const agentRun = { ...sampleMessage("monitor.down"), agentName: "edge_*one*" };
    const embed = (await send("monitor.down", agentRun)).embeds[0]!;
    expect(String(embed.description)).toContain("from agent edge\\_\\*one\\*");
  });

  it("explains Discord's refusals: rate limited, and a deleted webhook", async () => {
    await expect(
      send(
        "monitor.down",
        sampleMessage("monitor.down"),
        "/api/webhooks/1184392837465/rate-limited",
      ),
    ).rejects.toThrow(
      "Discord limited the rate of messages to this webhook (429) and asked to wait 1.5 s.",
    );
    await expect(
      send("monitor.down", sampleMessage("monitor.down"), "/api/webhooks/gone"),
    ).rejects.toThrow(
      "Discord answered 404: Unknown Webhook. The webhook was deleted or its URL is wrong: create a webhook in Discord and paste its URL into this channel.",
    );
  });

  it("refuses to send to a private address when the server does not allow private targets", async () => {
    const strict: ProviderDeps = {
      ...deps,
      network: testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    };
    const before = discord.taken.length;
    await expect(send("monitor.down", sampleMessage("monitor.down"), HOOK, strict)).rejects.toThrow(
      /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
    );
    expect(discord.taken).toHaveLength(before);
  });
});
