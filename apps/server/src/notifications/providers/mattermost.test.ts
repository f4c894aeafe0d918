import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeChatService } from "../../../test/fake-json-webhook.ts";
import { RATE_LIMITED_HOOK, startFakeMattermost } from "../../../test/fake-mattermost.ts";
import { ALERT_URL, MINUTE, OPENED, sampleMessage } from "../../../test/sample-alert-messages.ts";
import { buildTestMessage, type NotificationMessage } from "../../alerting/index.ts";
import type { Delivery, ProviderDeps } from "../provider.ts";
import { mattermostProvider } from "./mattermost.ts";

const HOOK = "/hooks/xr4ngcq8yjbm3pe1ztw6kd9s5a";

type Attachment = Record<string, unknown> & { fields: Array<Record<string, unknown>> };

describe("Mattermost alerts", () => {
  let mattermost: FakeChatService;
  const deps: ProviderDeps = {
    network: testNetwork(),
    client: undefined,
    now: () => OPENED,
    timeoutMs: 5_000,
  };
  beforeAll(async () => {
    mattermost = await startFakeMattermost();
  });
  afterAll(() => mattermost.close());

  const send = async (
    event: Delivery["event"],
    message: NotificationMessage,
    path = HOOK,
    using = deps,
  ): Promise<Attachment> => {
    const delivery: Delivery = {
      id: "ntf_1",
      event,
      message,
      channel: {
        id: "chn_1",
        name: "Mattermost",
        config: { url: `${mattermost.url}${path}` },
        secret: null,
      },
    };
    const provider = mattermostProvider;
    const send = event === "monitor.up" ? provider.sendRecovery : provider.sendAlert;
    await send(delivery, using);
    const body = mattermost.taken.at(-1)?.body as { attachments: Attachment[] };
    expect(body.attachments).toHaveLength(1);
    return body.attachments[0]!;
  };

  it("posts a monitor going down as a red attachment with the check, the facts and a link to the alert", async () => {
    const attachment = await send("monitor.down", sampleMessage("monitor.down"));
    expect(mattermost.refused).toEqual([]);
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
      sampleMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated).toMatchObject({
      title: "CRITICAL: Checkout API - EU is still down (notification 4)",
      fields: [
        { title: "Severity", value: "Critical" },
        { title: "Opened", value: "2024-11-02 09:14 UTC" },
        { title: "Notification", value: "4" },
      ],
    });
    const up = await send("monitor.up", sampleMessage("monitor.up", { at: OPENED + 23 * MINUTE }));
    expect(up).toMatchObject({
      fallback: "RESOLVED: Checkout API - EU is up",
      color: "#12B76A",
      text: `[View alert](${ALERT_URL})`,
      fields: [
        { title: "Opened", value: "2024-11-02 09:14 UTC" },
        { title: "Down for", value: "23 minutes" },
      ],
    });
    expect(mattermost.refused).toEqual([]);
  });

  it("sends a blue test message that says the channel will receive alerts", async () => {
    const attachment = await send("test", buildTestMessage(OPENED, "Mattermost ~ops"));
    expect(attachment).toMatchObject({
      title: "TEST: Test notification for Mattermost ~ops",
      text: "This Mattermost channel will receive Upwatch alerts.",
      color: "#2E90FA",
      fields: [],
    });
  });

  it("cuts a long name and a long detail with an ellipsis, keeping the link and the attachment under 7,900 characters", async () => {
    const long = {
      ...sampleMessage("monitor.down", { name: "N".repeat(400) }),
      agentName: "a".repeat(20_000),
    };
    const attachment = await send("monitor.down", long);
    expect(mattermost.refused).toEqual([]);
    expect(Array.from(String(attachment.title))).toHaveLength(256);
    expect(String(attachment.title).endsWith("N…")).toBe(true);
    const text = String(attachment.text);
    expect(Array.from(text)).toHaveLength(4000);
    expect(text.endsWith(`a…\n[View alert](${ALERT_URL})`)).toBe(true);
  });

  it("keeps an agent's markdown and @mentions from changing the message or notifying anyone", async () => {
    const agentRun = { ...sampleMessage("monitor.down"), agentName: "@channel_*one*" };
    const attachment = await send("monitor.down", agentRun);
    expect(String(attachment.text)).toContain("from agent @\u2060channel\\_\\*one\\*");
  });

  it("explains Mattermost's refusals: an unknown webhook, and rate limiting", async () => {
    await expect(
      send("monitor.down", sampleMessage("monitor.down"), "/hooks/deleted"),
    ).rejects.toThrow(
      "Mattermost answered 400: Invalid webhook. The webhook was deleted or its URL is wrong: add an incoming webhook in Mattermost and paste its URL into this channel.",
    );
    await expect(
      send("monitor.down", sampleMessage("monitor.down"), `/hooks/${RATE_LIMITED_HOOK}`),
    ).rejects.toThrow("Mattermost limited the rate of requests from Upwatch (429).");
  });

  it("refuses to send to a private address when the server does not allow private targets", async () => {
    const strict: ProviderDeps = {
      ...deps,
      network: testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    };
    const before = mattermost.taken.length;
    await expect(send("monitor.down", sampleMessage("monitor.down"), HOOK, strict)).rejects.toThrow(
      /^Refused to connect to 127\.0\.0\.1: it is a loopback address\./,
    );
    expect(mattermost.taken).toHaveLength(before);
  });
});
