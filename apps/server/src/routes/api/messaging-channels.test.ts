import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { callApi } from "../../../test/api-call.ts";
import {
  buildChannelApps,
  type ChannelApps,
  expectSaveRefusedAsPrivate,
  readStoredConfig,
  testOnStrict,
} from "../../../test/channel-apps.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { type FakeMatrix, startFakeMatrix } from "../../../test/fake-matrix.ts";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fake-telegram.ts";

type Account = Awaited<ReturnType<typeof createTestAccount>>;

describeEachDatabase("Telegram and Matrix channels", (db) => {
  let apps: ChannelApps;
  let telegram: FakeTelegram;
  let matrix: FakeMatrix;
  // Each test adds its channels to an account of its own, as Hobby allows 10.
  let hobby: Account;

  beforeAll(async () => {
    [telegram, matrix] = await Promise.all([startFakeTelegram(), startFakeMatrix()]);
    apps = await buildChannelApps(db(), { TELEGRAM_API_URL: telegram.url });
  });
  beforeEach(async () => {
    hobby = await createTestAccount(db(), "hobby");
  });
  afterAll(async () => {
    await apps.close();
    await Promise.all([telegram.close(), matrix.close()]);
  });

  const call = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    server: FastifyInstance = apps.app,
  ) => callApi(server, method, url, hobby, payload);
  const storedConfig = (id: string) => readStoredConfig(db(), id);

  describe("Telegram", () => {
    it("adds a chat with its bot, masks the token, seals it, keeps it when the mask is sent back, and delivers a test", async () => {
      const config = { chat_id: telegram.chat(), bot_token: telegram.tokenFor("working") };
      const created = await call("POST", "/channels", { type: "telegram", config });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "telegram",
        name: "Telegram",
        config: { chat_id: config.chat_id, bot_token: "********" },
      });
      const renamed = await call("PATCH", `/channels/${created.body.id}`, {
        name: "Telegram ops",
        config: created.body.config,
      });
      expect(renamed.status).toBe(200);
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(config.bot_token.split(":")[1]);
      expect(stored.opened).toEqual(config);
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(telegram.accepted.at(-1)?.text).toBe(
        "🔵 TEST: Test notification for Telegram ops\nThis Telegram chat will receive Upwatch alerts.",
      );
    });

    it("refuses a chat ID or a bot token that cannot be right with a sentence, never repeating the token", async () => {
      const token = "123456789:short";
      const badToken = await call("POST", "/channels", {
        type: "telegram",
        config: { chat_id: "-1001234567890", bot_token: token },
      });
      expect(badToken).toEqual({
        status: 400,
        body: {
          detail:
            "config.bot_token must be the token @BotFather gave the bot: its number, a colon, then letters, digits, - and _.",
        },
      });
      const badChat = await call("POST", "/channels", {
        type: "telegram",
        config: { chat_id: "https://t.me/ops", bot_token: telegram.tokenFor("working") },
      });
      expect(badChat).toEqual({
        status: 400,
        body: {
          detail:
            "config.chat_id must be a chat's number, such as -1001234567890 for a group, or a public channel's @username.",
        },
      });
    });

    it("answers a test the bot may not send with Telegram's refusal and what to do", async () => {
      const created = await call("POST", "/channels", {
        type: "telegram",
        config: { chat_id: "@upwatch_alerts", bot_token: telegram.tokenFor("blocked") },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error:
          "Telegram answered 403: Forbidden: bot was blocked by the user. Add the bot to the chat again (a channel's bot must be an administrator), or unblock it, then send a test.",
      });
    });

    it("refuses to send to a Bot API server at a private address unless the operator allows it", async () => {
      const test = await testOnStrict(apps.strict, hobby, {
        type: "telegram",
        config: { chat_id: telegram.chat(), bot_token: telegram.tokenFor("working") },
      });
      expect(test).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^Refused to connect to 127\.0\.0\.1: /),
      });
    });
  });

  describe("Matrix", () => {
    it("adds a room on a homeserver, masks the access token, seals it and delivers a test", async () => {
      const config = {
        room_id: matrix.joinedRoom(),
        homeserver: matrix.url,
        access_token: matrix.tokenFor("working"),
      };
      const created = await call("POST", "/channels", { type: "matrix", config });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: "matrix",
        name: "Matrix",
        config: { ...config, access_token: "********" },
      });
      const stored = await storedConfig(created.body.id);
      expect(stored.sealed).not.toContain(config.access_token);
      expect(stored.opened).toEqual(config);
      const test = await call("POST", `/channels/${created.body.id}/test`);
      expect(test.body).toMatchObject({ status: "delivered", error: null });
      expect(matrix.accepted.at(-1)).toMatchObject({
        roomId: config.room_id,
        txnId: test.body.notification_id,
        content: { body: expect.stringContaining("This Matrix room will receive Upwatch alerts.") },
      });
    });

    it("refuses a room's #address, and a homeserver that is no URL, with a sentence", async () => {
      const alias = await call("POST", "/channels", {
        type: "matrix",
        config: {
          room_id: "#ops:example.org",
          homeserver: "https://matrix.example.org",
          access_token: "syt_abcdefghijkl",
        },
      });
      expect(alias).toEqual({
        status: 400,
        body: {
          detail:
            "config.room_id is the room's address (#...), not its ID: in Element the ID starting with ! is under Room settings > Advanced.",
        },
      });
      const homeserver = await call("POST", "/channels", {
        type: "matrix",
        config: {
          room_id: "!abc:example.org",
          homeserver: "matrix.example.org",
          access_token: "syt_abcdefghijkl",
        },
      });
      expect(homeserver).toEqual({
        status: 400,
        body: {
          detail:
            "config.homeserver must be the homeserver's address, such as https://matrix.example.org.",
        },
      });
    });

    it("refuses to save a homeserver at a private address unless the operator allows it", async () => {
      await expectSaveRefusedAsPrivate(apps.strict, hobby, {
        type: "matrix",
        config: {
          room_id: matrix.joinedRoom(),
          homeserver: matrix.url,
          access_token: matrix.tokenFor("working"),
        },
      });
    });

    it("answers a test to a room the bot is not in with the homeserver's refusal and what to do", async () => {
      const created = await call("POST", "/channels", {
        type: "matrix",
        config: {
          room_id: matrix.strangerRoom,
          homeserver: matrix.url,
          access_token: matrix.tokenFor("working"),
        },
      });
      expect((await call("POST", `/channels/${created.body.id}/test`)).body).toMatchObject({
        status: "failed",
        error: expect.stringMatching(
          /^The Matrix homeserver answered 403 \(M_FORBIDDEN: .*\)\. The bot user is not in the room or may not post there: invite it, join the room as the bot, then send a test\.$/,
        ),
      });
    });
  });
});
