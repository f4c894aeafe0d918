import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { startFakeDiscord } from "../../../test/fake-discord.ts";
import type { FakeChatService } from "../../../test/fake-json-webhook.ts";
import { startFakeMattermost } from "../../../test/fake-mattermost.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

const DISCORD_HOOK = "/api/webhooks/1184392837465/Xy3_kP-q9";
const MATTERMOST_HOOK = "/hooks/xr4ngcq8yjbm3pe1ztw6kd9s5a";

describeEachDatabase("Discord and Mattermost channels", (db) => {
  let app: FastifyInstance;
  let strict: FastifyInstance;
  let discord: FakeChatService;
  let mattermost: FakeChatService;
  let hobby: Account;
  let free: Account;

  beforeAll(async () => {
    discord = await startFakeDiscord();
    mattermost = await startFakeMattermost();
    app = await buildTestApp(db(), { network: testNetwork(), startAlerting: true });
    strict = await buildTestApp(db(), {
      network: testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    });
    hobby = await createTestAccount(db(), "hobby");
    free = await createTestAccount(db(), "free");
  });
  afterAll(async () => {
    await app.close();
    await strict.close();
    await discord.close();
    await mattermost.close();
  });

  const call = async (
    url: string,
    account: Account,
    payload?: object,
    server = app,
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const response = await server.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("let a Hobby account add a Discord channel whose test message arrives in Discord", async () => {
    const url = `${discord.url}${DISCORD_HOOK}`;
    const created = await call("/channels", hobby, { type: "discord", config: { url } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Discord");
    expect(JSON.stringify(created.body)).not.toContain(DISCORD_HOOK);
    const test = await call(`/channels/${created.body.id}/test`, hobby);
    expect(test.body).toMatchObject({ status: "delivered", error: null });
    expect(discord.refused).toEqual([]);
    expect(discord.taken.at(-1)).toMatchObject({
      path: DISCORD_HOOK,
      body: {
        embeds: [
          {
            title: "TEST: Test notification for Discord",
            description: "This Discord channel will receive Upwatch alerts.",
          },
        ],
      },
    });
  });

  it("let a Hobby account add a Mattermost channel whose test message arrives in Mattermost", async () => {
    const url = `${mattermost.url}${MATTERMOST_HOOK}`;
    const created = await call("/channels", hobby, { type: "mattermost", config: { url } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Mattermost");
    const test = await call(`/channels/${created.body.id}/test`, hobby);
    expect(test.body).toMatchObject({ status: "delivered", error: null });
    expect(mattermost.refused).toEqual([]);
    expect(mattermost.taken.at(-1)).toMatchObject({
      path: MATTERMOST_HOOK,
      body: {
        attachments: [
          {
            title: "TEST: Test notification for Mattermost",
            text: "This Mattermost channel will receive Upwatch alerts.",
          },
        ],
      },
    });
  });

  it("answer a test to a rate-limited Discord webhook with Discord's refusal in words", async () => {
    const url = `${discord.url}/api/webhooks/1184392837465/rate-limited`;
    const created = await call("/channels", hobby, { type: "discord", config: { url } });
    const test = await call(`/channels/${created.body.id}/test`, hobby);
    expect(test.body).toMatchObject({
      status: "failed",
      error: "Discord limited the rate of messages to this webhook (429) and asked to wait 1.5 s.",
    });
  });

  it("are refused to a Free account with the plan's sentence", async () => {
    for (const [type, label] of [
      ["discord", "Discord"],
      ["mattermost", "Mattermost"],
    ] as const) {
      const response = await call("/channels", free, {
        type,
        config: { url: "https://chat.example.com/hook" },
      });
      expect(response).toEqual({
        status: 403,
        body: {
          detail: `${label} alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.`,
        },
      });
    }
  });

  it("refuse a webhook URL at a private address when saved, as the network guard does", async () => {
    for (const [type, url] of [
      ["discord", `${discord.url}${DISCORD_HOOK}`],
      ["mattermost", "http://169.254.169.254/hooks/xr4ngcq8yjbm3pe1ztw6kd9s5a"],
    ] as const) {
      const refused = await call("/channels", hobby, { type, config: { url } }, strict);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/^config: Refused to connect to /);
    }
  });
});
