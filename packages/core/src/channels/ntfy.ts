import { z } from "zod";
import { storableText } from "../storable-text.ts";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** The public ntfy server, the default for `server`. */
export const NTFY_PUBLIC_SERVER = "https://ntfy.sh";

/** A server's address: where the server answers, without a query or a fragment. */
const SERVER = /^https?:\/\/[^\s?#]+$/i;
const SERVER_MESSAGE =
  "config.server must be the ntfy server's URL without a query, such as https://ntfy.sh.";
/** ntfy's own rule for a topic's name. */
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const TOPIC_MESSAGE =
  "config.topic must be an ntfy topic: 1 to 64 letters, digits, hyphens and underscores.";
/** An access token as ntfy makes them: tk_ and 29 letters and digits. */
const ACCESS_TOKEN = /^tk_[A-Za-z0-9]{29}$/;
const ACCESS_TOKEN_MESSAGE =
  "config.access_token must be an ntfy access token: tk_ followed by 29 letters and digits.";

/** Push notifications on phones and desktops subscribed to an ntfy topic, on ntfy.sh or your own server. */
export const ntfyChannel = defineChannelType({
  id: "ntfy",
  label: "ntfy",
  word: "ntfy",
  planTableName: "ntfy",
  description: "Push notifications to an ntfy topic, on ntfy.sh or your own ntfy server.",
  article: "ntfy-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    server: postUrl("config.server must be the ntfy server's URL, such as https://ntfy.sh.")
      .regex(SERVER, { message: SERVER_MESSAGE })
      .default(NTFY_PUBLIC_SERVER),
    topic: z
      .string({ message: TOPIC_MESSAGE })
      .check(storableText("config.topic"))
      .trim()
      .regex(TOPIC, { message: TOPIC_MESSAGE }),
    access_token: z
      .string({ message: ACCESS_TOKEN_MESSAGE })
      .trim()
      .regex(ACCESS_TOKEN, { message: ACCESS_TOKEN_MESSAGE })
      .optional(),
  }),
  secretFields: ["access_token"],
  guardedUrls: ["server"],
  fields: [
    {
      key: "topic",
      label: "Topic",
      hint: "The topic your phone subscribes to in the ntfy app. On ntfy.sh anyone who knows the name can read it: pick one that is hard to guess.",
      placeholder: "upwatch-ops-7f3k9q",
      inputType: "text",
      autoComplete: "off",
      pattern: TOPIC,
      empty: "Enter the ntfy topic alerts are published to.",
      mismatch: "Use 1 to 64 letters, digits, hyphens and underscores.",
    },
    {
      key: "server",
      label: "ntfy server (optional)",
      hint: "Leave it empty for ntfy.sh, or enter the address of your own ntfy server.",
      placeholder: NTFY_PUBLIC_SERVER,
      inputType: "url",
      autoComplete: "off",
      pattern: POST_URL_CHECK.pattern,
      mismatch: POST_URL_CHECK.mismatch,
    },
    {
      key: "access_token",
      label: "Access token (optional)",
      hint: "Only for a topic that needs one: in ntfy, Account > Access tokens. It needs write access to the topic.",
      placeholder: "tk_...",
      inputType: "password",
      autoComplete: "off",
      pattern: ACCESS_TOKEN,
      mismatch: "An ntfy access token is tk_ followed by 29 letters and digits.",
    },
  ],
  defaultName: (config) => `ntfy ${config.topic}`,
});
