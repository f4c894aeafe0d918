import { z } from "zod";
import { storableText } from "../storable-text.ts";
import { defineChannelType } from "./channel-type.ts";

/** A chat's number (negative for groups and channels) or a public channel's @username. */
const CHAT_ID = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
const CHAT_ID_MESSAGE =
  "config.chat_id must be a chat's number, such as -1001234567890 for a group, or a public channel's @username.";
/** What @BotFather hands out: the bot's number, a colon and the secret part. */
const BOT_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const BOT_TOKEN_MESSAGE =
  "config.bot_token must be the token @BotFather gave the bot: its number, a colon, then letters, digits, - and _.";

/** Messages in a Telegram chat, group or channel, sent by the account's own bot. */
export const telegramChannel = defineChannelType({
  id: "telegram",
  label: "Telegram",
  word: "Telegram",
  planTableName: "Telegram",
  description: "Messages in a Telegram chat, group or channel, sent by your own bot.",
  article: "telegram-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    chat_id: z
      .string({ message: CHAT_ID_MESSAGE })
      .check(storableText("config.chat_id"))
      .trim()
      .regex(CHAT_ID, { message: CHAT_ID_MESSAGE }),
    bot_token: z
      .string({ message: BOT_TOKEN_MESSAGE })
      .check(storableText("config.bot_token"))
      .trim()
      .regex(BOT_TOKEN, { message: BOT_TOKEN_MESSAGE }),
  }),
  secretFields: ["bot_token"],
  guardedUrls: [],
  fields: [
    {
      key: "chat_id",
      label: "Chat ID",
      hint: "The chat's number (a group's or channel's starts with -), or a public channel's @username.",
      placeholder: "-1001234567890",
      inputType: "text",
      autoComplete: "off",
      pattern: CHAT_ID,
      empty: "Enter the ID of the chat alerts go to.",
      mismatch: "Enter the chat's number, such as -1001234567890, or a channel's @username.",
    },
    {
      key: "bot_token",
      label: "Bot token",
      hint: "The token @BotFather gave your bot, such as 123456789:AAH...; the bot must be in the chat.",
      placeholder: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
      inputType: "password",
      autoComplete: "off",
      pattern: BOT_TOKEN,
      empty: "Enter the bot's token from @BotFather.",
      mismatch: "Enter the whole token: the bot's number, a colon, then letters and digits.",
    },
  ],
  defaultName: () => "Telegram",
});
