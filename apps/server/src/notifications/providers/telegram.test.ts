import { createAddressPolicy } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import { describe, expect, it } from "vitest";
import {
  startFakeTelegram,
  TELEGRAM_TEXT_LIMIT,
  type TelegramBotKind,
} from "../../../test/fake-telegram.ts";
import { deliverOne, fakeForFile, refusesPrivateAddresses } from "../../../test/provider-tests.ts";
import {
  ALERT_URL,
  checkoutMessage,
  deliveryTo,
  diskAlertMessage,
  MINUTE,
  OPENED,
  oversizedMessage,
  providerDeps,
  testMessage,
} from "../../../test/sample-alert-messages.ts";
import { sendThrough } from "../notification-worker.ts";
import type { Delivery } from "../provider.ts";
import { telegramProvider } from "./telegram.ts";

describe("Telegram alerts", () => {
  const telegram = fakeForFile(startFakeTelegram);

  const deps = (network = testNetwork()) => ({
    ...providerDeps(network),
    client: { apiUrl: telegram.url },
  });
  const attempt = (delivery: Delivery, network?: ReturnType<typeof testNetwork>) =>
    sendThrough(telegramProvider, delivery, deps(network));
  const down = (bot: TelegramBotKind, chatId = telegram.chat()) => {
    const config = { chat_id: chatId, bot_token: telegram.tokenFor(bot) };
    return {
      config,
      delivery: deliveryTo(config, "monitor.down", checkoutMessage("monitor.down")),
    };
  };
  /** Sends as the worker does, expects it delivered, and returns what the chat shows. */
  const send = (event: Delivery["event"], message: Delivery["message"]) => {
    const config = { chat_id: telegram.chat(), bot_token: telegram.tokenFor("working") };
    return deliverOne(telegram, () => attempt(deliveryTo(config, event, message)));
  };

  it("posts a monitor going down as one message with the check, when it opened and a link to the alert, without a link preview", async () => {
    const { body, text } = await send("monitor.down", checkoutMessage("monitor.down"));
    expect(body).toEqual({
      chat_id: expect.stringMatching(/^-100\d+$/),
      text: `<b>🔴 CRITICAL: Checkout API - EU is down</b>\nHTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\nOpened 09:14 UTC\n<a href="${ALERT_URL}">View alert</a>`,
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
    expect(text).toBe(
      "🔴 CRITICAL: Checkout API - EU is down\nHTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms\nOpened 09:14 UTC\nView alert",
    );
  });

  it("numbers an escalation, and sends the recovery as a message of its own with how long it was down", async () => {
    const escalated = await send(
      "alert.escalated",
      checkoutMessage("alert.escalated", { at: OPENED + 30 * MINUTE, number: 4 }),
    );
    expect(escalated.text.split("\n")[0]).toBe(
      "🔴 CRITICAL: Checkout API - EU is still down (notification 4)",
    );
    const up = await send("monitor.up", checkoutMessage("monitor.up"));
    expect(up.text).toBe("✅ RESOLVED: Checkout API - EU is up\nDown for 23 minutes\nView alert");
    const byHand = await send(
      "alert.resolved",
      checkoutMessage("alert.resolved", { at: OPENED + 9 * MINUTE }),
    );
    expect(byHand.text).toBe(
      "✅ RESOLVED: The alert for Checkout API - EU was resolved by hand\nOpen for 9 minutes\nView alert",
    );
  });

  it("sends an agent's warning with its problem, and a test that says the chat will receive alerts", async () => {
    const disk = await send("agent.alert", diskAlertMessage());
    expect(disk.text.split("\n")[0]).toBe(
      "🟠 WARNING: Disk / on db-primary has 12% free (under 15%)",
    );
    const test = await send("test", testMessage("Telegram ops"));
    expect(test.text).toBe(
      "🔵 TEST: Test notification for Telegram ops\nThis Telegram chat will receive Upwatch alerts.",
    );
  });

  it("shows a name holding HTML as written, not as formatting", async () => {
    const named = checkoutMessage("monitor.down", { name: '<i>Shop</i> & "Co"' });
    const { text } = await send("monitor.down", named);
    expect(text.split("\n")[0]).toBe('🔴 CRITICAL: <i>Shop</i> & "Co" is down');
  });

  it("keeps a message whose facts run to thousands of characters under Telegram's 4,096, ending the cut parts with an ellipsis", async () => {
    const { text } = await send("monitor.down", oversizedMessage());
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    const [headline = "", detail = ""] = text.split("\n");
    expect(headline.endsWith("💥…")).toBe(true);
    expect(detail.endsWith("…")).toBe(true);
    expect(text.endsWith("View alert")).toBe(true);
  });

  it("explains each of Telegram's refusals in a sentence that says what to do", async () => {
    await expect(attempt(down("rate-limited").delivery)).rejects.toThrow(
      "Telegram limited the rate of messages from this bot (429) and asked to wait 35 s.",
    );
    await expect(attempt(down("failing").delivery)).rejects.toThrow(
      "Telegram answered 500: Internal Server Error.",
    );
    await expect(attempt(down("revoked").delivery)).rejects.toThrow(
      "Telegram answered 401: Unauthorized. The bot token is wrong or was revoked: copy the bot's token from @BotFather and paste it into this channel.",
    );
    await expect(attempt(down("blocked").delivery)).rejects.toThrow(
      "Telegram answered 403: Forbidden: bot was blocked by the user. Add the bot to the chat again (a channel's bot must be an administrator), or unblock it, then send a test.",
    );
    await expect(attempt(down("working", "-1009999999999").delivery)).rejects.toThrow(
      "Telegram answered 400: Bad Request: chat not found. Check the chat ID, and that the bot is a member of that group or channel (a person must first start a chat with the bot).",
    );
    await expect(attempt(down("working", telegram.upgradedGroup.chatId).delivery)).rejects.toThrow(
      `Telegram answered 400: Bad Request: group chat was upgraded to a supergroup chat. The group became a supergroup with the chat ID ${telegram.upgradedGroup.newChatId}: put that ID into this channel.`,
    );
  });

  it("never writes the bot token into a failure's sentence, which the delivery log and the server's log keep", async () => {
    const strict = testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) });
    const failures = [
      ...(["rate-limited", "failing", "revoked", "blocked"] as const).map((kind) => down(kind)),
      down("working", "-1009999999999"),
    ];
    for (const { config, delivery } of failures) {
      const error = await attempt(delivery).catch((failure: unknown) => failure);
      expect(String((error as Error).message)).not.toContain(config.bot_token);
      expect(String((error as Error).message)).not.toContain(config.bot_token.split(":")[1]);
    }
    const refused = down("working");
    const error = (await attempt(refused.delivery, strict).catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(refused.config.bot_token.split(":")[1]);
  });

  refusesPrivateAddresses(
    "refuses to send to a Bot API server at a private address unless the operator allows it, sending nothing",
    telegram,
    (strict) => attempt(down("working").delivery, strict),
  );
});
