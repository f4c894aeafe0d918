import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  type FakeChatWebhooks,
  startFakeGoogleChat,
  startFakeTeamsWorkflows,
} from "../../../test/fake-chat-webhooks.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("Microsoft Teams and Google Chat channels", (db) => {
  let app: FastifyInstance;
  let strict: FastifyInstance;
  let teams: FakeChatWebhooks<"working" | "throttled" | "unauthorized" | "deleted">;
  let chat: FakeChatWebhooks<"working" | "rate-limited" | "revoked">;
  let hobby: Account;
  let free: Account;

  beforeAll(async () => {
    [teams, chat] = await Promise.all([startFakeTeamsWorkflows(), startFakeGoogleChat()]);
    // The fakes listen on loopback, which only this setting lets channels post to.
    app = await buildTestApp(db(), {
      env: { ALLOW_PRIVATE_TARGETS: "true" },
      startAlerting: true,
    });
    strict = await buildTestApp(db(), {
      network: testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    });
    hobby = await createTestAccount(db(), "hobby");
    free = await createTestAccount(db(), "free");
  });
  afterAll(async () => {
    await app.close();
    await strict.close();
    await teams.close();
    await chat.close();
  });

  const call = async (
    method: "GET" | "POST" | "PUT",
    url: string,
    account: Account,
    payload?: object,
    server = app,
  ) => {
    const response = await server.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };

  it("lets a Hobby account add both, masks their URLs and delivers a test card to each", async () => {
    const teamsChannel = await call("POST", "/channels", hobby, {
      type: "microsoft-teams",
      config: { url: teams.urlFor("working") },
    });
    expect(teamsChannel.status).toBe(201);
    expect(teamsChannel.body).toMatchObject({ type: "microsoft-teams", name: "Microsoft Teams" });
    expect(teamsChannel.body.config.url).toBe(`${teams.url}/********`);
    const chatChannel = await call("POST", "/channels", hobby, {
      type: "google-chat",
      name: "Chat ops",
      config: { url: chat.urlFor("working") },
    });
    expect(chatChannel.status).toBe(201);
    expect(chatChannel.body).toMatchObject({ type: "google-chat", name: "Chat ops" });
    expect(chatChannel.body.config.url).not.toContain("token=");

    const teamsTest = await call("POST", `/channels/${teamsChannel.body.id}/test`, hobby);
    expect(teamsTest.body).toMatchObject({ status: "delivered", error: null });
    const card = (teams.accepted.at(-1) as { attachments: Array<{ content: { body: unknown } }> })
      .attachments[0]!.content;
    expect(JSON.stringify(card.body)).toContain(
      "This Microsoft Teams channel will receive Upwatch alerts.",
    );

    const chatTest = await call("POST", `/channels/${chatChannel.body.id}/test`, hobby);
    expect(chatTest.body).toMatchObject({ status: "delivered", error: null });
    expect((chat.accepted.at(-1) as { text: string }).text).toBe(
      "TEST: Test notification for Chat ops",
    );
  });

  it("answers a test the service refuses with the service's refusal in words", async () => {
    const throttled = await call("POST", "/channels", hobby, {
      type: "microsoft-teams",
      config: { url: teams.urlFor("throttled") },
    });
    expect((await call("POST", `/channels/${throttled.body.id}/test`, hobby)).body).toMatchObject({
      status: "failed",
      error: expect.stringMatching(
        /^Microsoft Teams is limiting how often this workflow runs and refused the message with 429 /,
      ),
    });
    const revoked = await call("POST", "/channels", hobby, {
      type: "google-chat",
      config: { url: chat.urlFor("revoked") },
    });
    expect((await call("POST", `/channels/${revoked.body.id}/test`, hobby)).body).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^Google Chat refused the webhook URL with 403 /),
    });
  });

  it("posts a monitor going down to both as cards", async () => {
    const teamsChannel = (
      await call("POST", "/channels", hobby, {
        type: "microsoft-teams",
        config: { url: teams.urlFor("working") },
      })
    ).body;
    const chatChannel = (
      await call("POST", "/channels", hobby, {
        type: "google-chat",
        config: { url: chat.urlFor("working") },
      })
    ).body;
    const monitor = (
      await call("POST", "/monitors", hobby, {
        type: "http",
        name: "Checkout API - EU",
        target: "https://example.com/",
      })
    ).body;
    await call("PUT", `/monitors/${monitor.id}/channels`, hobby, {
      channel_ids: [teamsChannel.id, chatChannel.id],
    });
    const record = {
      ...checkRecord(monitor.id, Date.now(), false, 1240),
      region: "eu-west-1",
      transition: "went-down" as const,
    };
    await storeCheckBatch(db().handle.db, [record], app.alerting.engine.hook);
    app.alerting.engine.afterCommit();
    await app.alerting.worker.drain();

    const [alert] = (await call("GET", `/alerts?monitor_id=${monitor.id}`, hobby)).body.data;
    const log = (await call("GET", `/notifications?alert_id=${alert.id}`, hobby)).body.data;
    expect(log.map((entry: { channel_type: string }) => entry.channel_type).sort()).toEqual([
      "google-chat",
      "microsoft-teams",
    ]);
    for (const entry of log) expect(entry).toMatchObject({ status: "delivered", error: null });
    expect((chat.accepted.at(-1) as { text: string }).text).toBe(
      "CRITICAL: Checkout API - EU is down",
    );
    const card = JSON.stringify(teams.accepted.at(-1));
    expect(card).toContain('"text":"Checkout API - EU is down"');
    expect(card).toContain('"title":"View alert"');
  });

  it("keeps both for Hobby and above, refusing a Free account with the plan's sentence", async () => {
    const cases = [
      [{ type: "microsoft-teams", config: { url: "https://example.com/x" } }, "Microsoft Teams"],
      [{ type: "google-chat", config: { url: "https://example.com/x" } }, "Google Chat"],
    ] as const;
    for (const [payload, label] of cases) {
      expect(await call("POST", "/channels", free, payload)).toEqual({
        status: 403,
        body: {
          detail: `${label} alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.`,
        },
      });
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

  it("refuses to save a URL at a private address unless the operator allows it", async () => {
    for (const [type, url] of [
      ["microsoft-teams", teams.urlFor("working")],
      ["google-chat", "http://169.254.169.254/v1/spaces/AAAAAAAAAAA/messages"],
    ] as const) {
      const refused = await call("POST", "/channels", hobby, { type, config: { url } }, strict);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(
        /^config: Refused to connect to (127\.0\.0\.1|169\.254\.169\.254): /,
      );
      expect(refused.body.detail).toContain("ALLOW_PRIVATE_TARGETS=true");
    }
  });
});
