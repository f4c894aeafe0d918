import { z } from "zod";
import { storableText } from "../storable-text.ts";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK } from "./post-url.ts";

/** A room's ID: "!" and an opaque part, with the server it was made on in older room versions. */
const ROOM_ID = /^![^\s:]{1,200}(?::[^\s:]+(?::\d{1,5})?)?$/;
const ROOM_ID_MESSAGE =
  "config.room_id must be the room's ID, which starts with !, such as !AbCdEfGhIjKl:example.org.";
const ROOM_ALIAS_MESSAGE =
  "config.room_id is the room's address (#...), not its ID: in Element the ID starting with ! is under Room settings > Advanced.";
/** An access token: visible characters only, as it goes into a header. */
const ACCESS_TOKEN = /^[\x21-\x7e]{8,1024}$/;
const ACCESS_TOKEN_MESSAGE =
  "config.access_token must be the bot user's access token, without spaces.";
const HOMESERVER_MESSAGE =
  "config.homeserver must be the homeserver's address, such as https://matrix.example.org.";

/** Messages in a Matrix room, sent by a bot user on the account's homeserver. */
export const matrixChannel = defineChannelType({
  id: "matrix",
  label: "Matrix",
  word: "Matrix",
  planTableName: "Matrix",
  description: "Messages in a Matrix room (Element and other clients), sent by a bot user.",
  article: "matrix-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    room_id: z
      .string({ message: ROOM_ID_MESSAGE })
      .check(storableText("config.room_id"))
      .trim()
      .refine((room) => !room.startsWith("#"), { message: ROOM_ALIAS_MESSAGE, abort: true })
      .regex(ROOM_ID, { message: ROOM_ID_MESSAGE }),
    homeserver: z
      .string({ message: HOMESERVER_MESSAGE })
      .check(storableText("config.homeserver"))
      .trim()
      .max(2000, { message: "config.homeserver can be at most 2,000 characters." })
      .regex(POST_URL_CHECK.pattern, { message: HOMESERVER_MESSAGE }),
    access_token: z
      .string({ message: ACCESS_TOKEN_MESSAGE })
      .check(storableText("config.access_token"))
      .trim()
      .regex(ACCESS_TOKEN, { message: ACCESS_TOKEN_MESSAGE }),
  }),
  secretFields: ["access_token"],
  guardedUrls: ["homeserver"],
  fields: [
    {
      key: "room_id",
      label: "Room ID",
      hint: "In Element: Room settings > Advanced > Internal room ID. Invite the bot user to the room.",
      placeholder: "!AbCdEfGhIjKl:example.org",
      inputType: "text",
      autoComplete: "off",
      pattern: ROOM_ID,
      empty: "Enter the ID of the room alerts go to.",
      mismatch: "Enter the room's ID, which starts with !, not its #address.",
    },
    {
      key: "homeserver",
      label: "Homeserver URL",
      hint: "The bot user's homeserver, where Upwatch sends the messages.",
      placeholder: "https://matrix.example.org",
      inputType: "url",
      autoComplete: "off",
      pattern: POST_URL_CHECK.pattern,
      empty: "Enter the homeserver's address.",
      mismatch: POST_URL_CHECK.mismatch,
    },
    {
      key: "access_token",
      label: "Access token",
      hint: "The bot user's access token: in Element, signed in as the bot, Settings > Help & About > Access token.",
      placeholder: "syt_...",
      inputType: "password",
      autoComplete: "off",
      pattern: ACCESS_TOKEN,
      empty: "Enter the bot user's access token.",
      mismatch: "Paste the whole access token, without spaces.",
    },
  ],
  defaultName: () => "Matrix",
});
