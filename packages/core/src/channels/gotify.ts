import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** A server's address: where Gotify answers, without a query or a fragment. */
const SERVER = /^https?:\/\/[^\s?#]+$/i;
const SERVER_MESSAGE =
  "config.server must be your Gotify server's URL without a query, such as https://gotify.example.com.";
/** An application token: Gotify's classic ones (A and 14 characters) and its longer ones alike. */
const APP_TOKEN = /^[A-Za-z0-9._-]{10,200}$/;
const APP_TOKEN_MESSAGE =
  "config.app_token must be a Gotify application's token: letters, digits, dots, hyphens and underscores.";

/** Push notifications through a self-hosted Gotify server, as one of its applications. */
export const gotifyChannel = defineChannelType({
  id: "gotify",
  label: "Gotify",
  word: "Gotify",
  planTableName: "Gotify",
  description: "Push notifications through your own Gotify server.",
  article: "gotify-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    server: postUrl(SERVER_MESSAGE).regex(SERVER, { message: SERVER_MESSAGE }),
    app_token: z
      .string({ message: APP_TOKEN_MESSAGE })
      .trim()
      .regex(APP_TOKEN, { message: APP_TOKEN_MESSAGE }),
  }),
  secretFields: ["app_token"],
  guardedUrls: ["server"],
  fields: [
    {
      key: "server",
      label: "Gotify server",
      hint: "The address you open Gotify's web interface at.",
      placeholder: "https://gotify.example.com",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
      empty: "Enter your Gotify server's URL.",
    },
    {
      key: "app_token",
      label: "Application token",
      hint: "In Gotify: Apps > Create Application, then copy its token. A client token cannot send messages.",
      placeholder: "AGa7tTxE1cZ3hKf",
      inputType: "password",
      autoComplete: "off",
      pattern: APP_TOKEN,
      empty: "Enter the token of the Gotify application Upwatch sends as.",
      mismatch: "A Gotify application token has letters, digits, dots, hyphens and underscores.",
    },
  ],
  defaultName: (config) => `Gotify ${new URL(config.server).host}`,
});
