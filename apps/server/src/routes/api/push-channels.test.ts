import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import {
  buildChannelApps,
  type ChannelApps,
  expectSaveRefusedAsPrivate,
  readStoredConfig,
} from "../../../test/channel-apps.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { type FakeGotify, startFakeGotify } from "../../../test/fake-gotify.ts";
import { type FakeNtfy, startFakeNtfy } from "../../../test/fake-ntfy.ts";
import { type FakePushover, startFakePushover } from "../../../test/fake-pushover.ts";
import { checkRecord } from "../../../test/monitors.ts";
import { storeCheckBatch } from "../../check-intake/store-checks.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("ntfy, Pushover and Gotify channels", (db) => {
  let apps: ChannelApps;
  let ntfy: FakeNtfy;
  let pushover: FakePushover;
  let gotify: FakeGotify;
  // Each test adds its channels to an account of its own, as Hobby allows 10.
  let hobby: Account;

  beforeAll(async () => {
    [ntfy, pushover, gotify] = await Promise.all([
      startFakeNtfy(),
      startFakePushover(),
      startFakeGotify(),
    ]);
    apps = await buildChannelApps(
      db(),
      { PUSHOVER_API_URL: pushover.url },
      // ntfy.sh is looked up when a channel on it is saved; nothing is sent there.
      testNetwork({ hosts: { "ntfy.sh": ["203.0.113.7"] } }),
    );
  });
  beforeEach(async () => {
    hobby = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await apps.close();
    await Promise.all([ntfy.close(), pushover.close(), gotify.close()]);
  });

  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT",
    url: string,
    payload?: object,
    server: FastifyInstance = apps.app,
  ) => callApi(server, method, url, hobby, payload);
  const storedConfig = (id: string) => readStoredConfig(db(), id);
  const detailOf = async (type: string, config: object) =>
    (await call("POST", "/channels", { type, config })).body.detail;

  describe("ntfy", () => {
    it("adds a topic on ntfy.sh by default, masks and seals its access token, and delivers a test to a server of one's own", async () => {
      const onPublic = await call("POST", "/channels", {
        type: "ntfy",
        config: { topic: "upwatch-ops-7f3k9q" },
      });
      expect(onPublic.status).toBe(201);
      expect(onPublic.body).toMatchObject({
        name: "ntfy upwatch-ops-7f3k9q",
        config: { server: "https://ntfy.sh", topic: "upwatch-ops-7f3k9q" },
      });
      const config = {
        server: ntfy.url,
        topic: ntfy.secretFor("protected"),
        access_token: ntfy.writeToken,
      };
      const created = await call("POST", "/channels", { type: "ntfy", config });
      expect(created.status).toBe(201);
      expect(created.body.config).toEqual({ ...config, access_token: "********" });
      const kept = await call("PATCH", `/channels/${created.body.id}`, {
        config: created.body.config,
      });
      expect(kept.status).toBe(200);
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(config.access_token);
      expect(stored.opened).toEqual(config);
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(ntfy.accepted.at(-1)).toMatchObject({
        topic: config.topic,
        message: "This ntfy topic will receive Upwatch alerts.",
      });
    });

    it("refuses a topic ntfy would refuse and a token that is no ntfy token, with sentences", async () => {
      expect(await detailOf("ntfy", { topic: "ops alerts" })).toBe(
        "config.topic must be an ntfy topic: 1 to 64 letters, digits, hyphens and underscores.",
      );
      expect(await detailOf("ntfy", { topic: "ops", access_token: "secret" })).toBe(
        "config.access_token must be an ntfy access token: tk_ followed by 29 letters and digits.",
      );
      expect(await detailOf("ntfy", { topic: "ops", server: "ntfy.example.com" })).toBe(
        "config.server must be the ntfy server's URL without a query, such as https://ntfy.sh.",
      );
    });

    it("refuses to save a server at a private address unless the operator allows it", async () => {
      await expectSaveRefusedAsPrivate(apps.strict, hobby, {
        type: "ntfy",
        config: { server: ntfy.url, topic: ntfy.secretFor("working") },
      });
    });

    it("answers a test to a topic that needs a token with ntfy's refusal and what to do", async () => {
      const created = await call("POST", "/channels", {
        type: "ntfy",
        config: { server: ntfy.url, topic: ntfy.secretFor("protected") },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^ntfy refused the message with 403 \(forbidden\): /),
      });
    });
  });

  describe("Pushover", () => {
    it("adds a user, masks and seals both keys, and delivers a test through PUSHOVER_API_URL", async () => {
      const config = { user_key: pushover.secretFor("working"), app_token: pushover.appToken };
      const created = await call("POST", "/channels", { type: "pushover", config });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "pushover",
        name: "Pushover",
        config: { user_key: "********", app_token: "********" },
      });
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(config.user_key);
      expect(stored.sealed).not.toContain(config.app_token);
      expect(stored.opened).toEqual(config);
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(pushover.accepted.at(-1)).toMatchObject({
        user: config.user_key,
        message: "This Pushover user will receive Upwatch alerts.",
      });
    });

    it("refuses keys and devices that cannot be Pushover's with sentences", async () => {
      const token = pushover.appToken;
      expect(await detailOf("pushover", { user_key: "me@example.com", app_token: token })).toBe(
        "config.user_key must be a Pushover user or group key: 30 letters and digits.",
      );
      const user = pushover.secretFor("working");
      expect(await detailOf("pushover", { user_key: user, app_token: "short" })).toBe(
        "config.app_token must be a Pushover application's API token: 30 letters and digits.",
      );
      expect(
        await detailOf("pushover", { user_key: user, app_token: token, device: "my phone" }),
      ).toBe(
        "config.device must be a Pushover device name of up to 25 letters, digits, hyphens and underscores, or several separated by commas.",
      );
    });

    it("answers a test from an application over its monthly limit with Pushover's refusal", async () => {
      const created = await call("POST", "/channels", {
        type: "pushover",
        config: { user_key: pushover.secretFor("over-limit"), app_token: pushover.appToken },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^Pushover refused the message with 429: /),
      });
    });

    it("stops a monitor's emergency from repeating once the alert is acknowledged in Upwatch", async () => {
      const created = await call("POST", "/channels", {
        type: "pushover",
        config: { user_key: pushover.secretFor("working"), app_token: pushover.appToken },
      });
      const monitor = (
        await call("POST", "/monitors", {
          type: "http",
          name: "Checkout API - EU",
          target: "https://example.com/",
        })
      ).body;
      await call("PUT", `/monitors/${monitor.id}/channels`, { channel_ids: [created.body.id] });
      const down = {
        ...checkRecord(monitor.id, Date.now(), false, 1240),
        transition: "went-down" as const,
      };
      await storeCheckBatch(db().handle.db, [down], apps.app.alerting.engine.hook);
      apps.app.alerting.engine.afterCommit();
      await apps.app.alerting.worker.drain();
      const [alert] = (await call("GET", `/alerts?monitor_id=${monitor.id}`)).body.data;
      const emergency = pushover.emergencies.find((one) => one.tags.includes(alert.id));
      expect(emergency).toMatchObject({ cancelled: false });

      expect((await call("POST", `/alerts/${alert.id}/acknowledge`)).status).toBe(200);
      await apps.app.alerting.worker.drain();
      expect(emergency?.cancelled).toBe(true);
      const log = (await call("GET", `/notifications?alert_id=${alert.id}`)).body.data;
      expect(
        log.map((entry: { event: string; status: string }) => [entry.event, entry.status]),
      ).toEqual(
        expect.arrayContaining([
          ["monitor.down", "delivered"],
          ["alert.acknowledged", "delivered"],
        ]),
      );
    });
  });

  describe("Gotify", () => {
    it("adds an application on a server, masks and seals its token, and delivers a test", async () => {
      const config = { server: gotify.url, app_token: gotify.secretFor("working") };
      const created = await call("POST", "/channels", { type: "gotify", config });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "gotify",
        name: `Gotify ${new URL(gotify.url).host}`,
        config: { server: gotify.url, app_token: "********" },
      });
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(config.app_token);
      expect(stored.opened).toEqual(config);
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(gotify.accepted.at(-1)).toMatchObject({
        message: "This Gotify application will receive Upwatch alerts.",
      });
      expect(gotify.received.at(-1)?.path).toBe("/message");
    });

    it("refuses a server that is no URL and a token that cannot be Gotify's, with sentences", async () => {
      const token = gotify.secretFor("working");
      expect(await detailOf("gotify", { server: "gotify.example.com", app_token: token })).toBe(
        "config.server must be your Gotify server's URL without a query, such as https://gotify.example.com.",
      );
      expect(
        await detailOf("gotify", { server: "https://gotify.example.com", app_token: "a b" }),
      ).toBe(
        "config.app_token must be a Gotify application's token: letters, digits, dots, hyphens and underscores.",
      );
    });

    it("refuses to save a server at a private address unless the operator allows it", async () => {
      await expectSaveRefusedAsPrivate(apps.strict, hobby, {
        type: "gotify",
        config: { server: gotify.url, app_token: gotify.secretFor("working") },
      });
    });

    it("answers a test sent with a client's token with Gotify's refusal and what to do", async () => {
      const created = await call("POST", "/channels", {
        type: "gotify",
        config: { server: gotify.url, app_token: gotify.clientToken },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^Gotify refused the token with 401 /),
      });
    });
  });

  it("refuses all three on the Free plan with the plan's sentence", async () => {
    const free = await createTestAccount(db(), "free");
    const channels = [
      { type: "ntfy", label: "ntfy", config: { topic: "upwatch-ops" } },
      {
        type: "pushover",
        label: "Pushover",
        config: { user_key: "u".repeat(30), app_token: "a".repeat(30) },
      },
      {
        type: "gotify",
        label: "Gotify",
        config: { server: "https://gotify.example.com", app_token: "AGa7tTxE1cZ3hKf" },
      },
    ];
    for (const { type, label, config } of channels) {
      expect(await callApi(apps.app, "POST", "/channels", free, { type, config })).toEqual({
        status: 403,
        body: {
          detail: `${label} alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.`,
        },
      });
    }
  });
});
