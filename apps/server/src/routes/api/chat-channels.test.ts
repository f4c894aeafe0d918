import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import {
  buildChannelApps,
  type ChannelApps,
  expectSaveRefusedAsPrivate,
} from "../../../test/channel-apps.ts";
import { CHAT_CHANNEL_TYPES, startChatFakes } from "../../../test/chat-channel-types.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("Chat channels", (db) => {
  let apps: ChannelApps;
  let fakes: Awaited<ReturnType<typeof startChatFakes>>;
  // Each test adds its channels to an account of its own, as Hobby allows 10.
  let hobby: Account;
  let free: Account;

  beforeAll(async () => {
    fakes = await startChatFakes();
    apps = await buildChannelApps(db());
    free = await createTestAccount(db(), "free");
  });
  beforeEach(async () => {
    hobby = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await apps.close();
    await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  });

  const call = (
    method: "GET" | "POST" | "PUT",
    url: string,
    account: Account,
    payload?: object,
    server: FastifyInstance = apps.app,
  ) => callApi(server, method, url, account, payload);

  describe.each(CHAT_CHANNEL_TYPES)("$label", (chat) => {
    it("lets a Hobby account add one, masks its URL and delivers its test message", async () => {
      const url = fakes[chat.type].urlFor("working");
      const created = await call("POST", "/channels", hobby, { type: chat.type, config: { url } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ type: chat.type, name: chat.label });
      expect(created.body.config.url).toBe(`${fakes[chat.type].url}/********`);
      const test = await call("POST", `/channels/${created.body.id}/test`, hobby);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(JSON.stringify(fakes[chat.type].accepted.at(-1))).toContain(chat.testSays);
    });

    it("refuses a Free account with the plan's sentence", async () => {
      const response = await call("POST", "/channels", free, {
        type: chat.type,
        config: { url: "https://chat.example.com/hook" },
      });
      expect(response).toEqual({
        status: 403,
        body: {
          detail: `${chat.label} alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.`,
        },
      });
    });

    it("refuses to save a URL at a private address unless the operator allows it", async () => {
      const url = fakes[chat.type].urlFor("working");
      await expectSaveRefusedAsPrivate(apps.strict, hobby, { type: chat.type, config: { url } });
    });

    it("answers a test the service rate-limits with the service's sentence", async () => {
      const url = fakes[chat.type].urlFor(chat.rateLimited);
      const created = await call("POST", "/channels", hobby, { type: chat.type, config: { url } });
      const test = await call("POST", `/channels/${created.body.id}/test`, hobby);
      expect(test.body).toMatchObject({ status: "failed", error: chat.rateLimitSentence });
    });
  });

  it("keeps a channel's own name in the test message", async () => {
    const created = await call("POST", "/channels", hobby, {
      type: "google-chat",
      name: "Chat ops",
      config: { url: fakes["google-chat"].urlFor("working") },
    });
    expect(created.body).toMatchObject({ type: "google-chat", name: "Chat ops" });
    await call("POST", `/channels/${created.body.id}/test`, hobby);
    expect((fakes["google-chat"].accepted.at(-1) as { text: string }).text).toBe(
      "TEST: Test notification for Chat ops",
    );
  });

  it("answers a test to a revoked Google Chat webhook with Google's refusal in words", async () => {
    const revoked = await call("POST", "/channels", hobby, {
      type: "google-chat",
      config: { url: fakes["google-chat"].urlFor("revoked") },
    });
    expect((await call("POST", `/channels/${revoked.body.id}/test`, hobby)).body).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^Google Chat refused the webhook URL with 403 /),
    });
  });

  it("posts a monitor going down to every chat channel it is linked to", async () => {
    const channels = [];
    for (const chat of CHAT_CHANNEL_TYPES) {
      const url = fakes[chat.type].urlFor("working");
      channels.push(
        (await call("POST", "/channels", hobby, { type: chat.type, config: { url } })).body,
      );
    }
    const monitor = (
      await call("POST", "/monitors", hobby, {
        type: "http",
        name: "Checkout API - EU",
        target: "https://example.com/",
      })
    ).body;
    await call("PUT", `/monitors/${monitor.id}/channels`, hobby, {
      channel_ids: channels.map((channel) => channel.id),
    });
    const record = {
      ...checkRecord(monitor.id, Date.now(), false, 1240),
      region: "eu-west-1",
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [record], apps.app.alerting.engine.hook);
    apps.app.alerting.engine.afterCommit();
    await apps.app.alerting.worker.drain();

    const [alert] = (await call("GET", `/alerts?monitor_id=${monitor.id}`, hobby)).body.data;
    const log = (await call("GET", `/notifications?alert_id=${alert.id}`, hobby)).body.data;
    expect(log.map((entry: { channel_type: string }) => entry.channel_type).sort()).toEqual(
      CHAT_CHANNEL_TYPES.map((chat) => chat.type).sort(),
    );
    for (const entry of log) expect(entry).toMatchObject({ status: "delivered", error: null });
    for (const chat of CHAT_CHANNEL_TYPES) {
      expect(JSON.stringify(fakes[chat.type].accepted.at(-1))).toContain(
        "Checkout API - EU is down",
      );
    }
  });

  it("refuses a retired Office 365 connector URL with the way to replace it", async () => {
    const connector = await call("POST", "/channels", hobby, {
      type: "microsoft-teams",
      config: {
        url: "https://contoso.webhook.office.com/webhookb2/0000/IncomingWebhook/1111/2222",
      },
    });
    expect(connector).toEqual({
      status: 400,
      body: {
        detail:
          "config.url is an Office 365 connector's URL, which Microsoft has retired: create a Workflows webhook in the Teams channel and paste its URL.",
      },
    });
  });
});
