import type { PostAnswer } from "@upwatch/checks";
import type { NotificationMessage } from "../../alerting/index.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "../provider.ts";
import { answerField, answerWords } from "./error-answer.ts";
import { deliverJson } from "./post-json.ts";
import { linesAsHtml, shortMessageLines } from "./short-message.ts";

/** Where the server reaches Telegram's Bot API: TELEGRAM_API_URL. */
export interface TelegramBotApi {
  apiUrl: string;
}

/** The sendMessage body: the lines as Telegram's HTML, without a preview of the alert's page. */
export function telegramMessage(
  event: Delivery["event"],
  message: NotificationMessage,
  chatId: string,
) {
  return {
    chat_id: chatId,
    text: linesAsHtml(shortMessageLines(event, message, "This Telegram chat"), "\n"),
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
  };
}

/** Telegram's `parameters` of an error answer: how long to wait, or where a group moved. */
function parameter(answer: PostAnswer, name: "retry_after" | "migrate_to_chat_id"): unknown {
  const parameters = answerField(answer, "parameters");
  return typeof parameters === "object" && parameters !== null
    ? (parameters as Record<string, unknown>)[name]
    : undefined;
}

/** What to do about each refusal Telegram explains, by its status. */
const ADVICE: Record<number, string> = {
  401: " The bot token is wrong or was revoked: copy the bot's token from @BotFather and paste it into this channel.",
  403: " Add the bot to the chat again (a channel's bot must be an administrator), or unblock it, then send a test.",
  404: " The bot token is incomplete, or the server's TELEGRAM_API_URL is not a Bot API server.",
};

/** The delivery log's sentence for an answer other than 2xx; it never holds the bot token. */
export function telegramRefusal(answer: PostAnswer): DeliveryError {
  if (answer.statusCode === 429) {
    const wait = parameter(answer, "retry_after");
    const asked = typeof wait === "number" ? ` and asked to wait ${wait} s` : "";
    return new DeliveryError(`Telegram limited the rate of messages from this bot (429)${asked}.`);
  }
  const words = answerWords(answer, "description");
  const reason = words === null ? "" : `: ${words}`;
  const movedTo = parameter(answer, "migrate_to_chat_id");
  const advice =
    typeof movedTo === "number"
      ? ` The group became a supergroup with the chat ID ${movedTo}: put that ID into this channel.`
      : /chat not found/i.test(reason)
        ? " Check the chat ID, and that the bot is a member of that group or channel (a person must first start a chat with the bot)."
        : (ADVICE[answer.statusCode] ?? "");
  return new DeliveryError(`Telegram answered ${answer.statusCode}${reason}.${advice}`);
}

/** A failure's sentence with the bot token, were it ever in it, taken out. */
function withoutToken(error: unknown, token: string): unknown {
  if (!(error instanceof DeliveryError) || !token || !error.message.includes(token)) return error;
  return new DeliveryError(error.message.replaceAll(token, "<bot token>"), error.timedOut);
}

async function sendToTelegram(
  delivery: Delivery,
  deps: ProviderDeps<TelegramBotApi>,
): Promise<DeliveryReceipt> {
  if (!deps.client) throw new DeliveryError("Telegram is not set up on this server.");
  const { chat_id: chatId = "", bot_token: token = "" } = delivery.channel.config;
  try {
    return await deliverJson(
      {
        url: `${deps.client.apiUrl}/bot${token}/sendMessage`,
        body: telegramMessage(delivery.event, delivery.message, chatId),
      },
      deps,
      telegramRefusal,
    );
  } catch (error) {
    throw withoutToken(error, token);
  }
}

/** Telegram bots: one message per notification, alert or recovery, through sendMessage. */
export const telegramProvider: NotificationProvider<TelegramBotApi> = {
  setUp: {
    client: (config) => ({ apiUrl: config.telegramApiUrl }),
    missing: "Telegram is not set up on this server: its operator needs to set TELEGRAM_API_URL.",
  },
  sendAlert: sendToTelegram,
  sendRecovery: sendToTelegram,
};
