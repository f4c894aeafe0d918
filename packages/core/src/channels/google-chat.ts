import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** Cards in a Google Chat space through its incoming webhook, whose URL is the secret. */
export const googleChatChannel = defineChannelType({
  id: "google-chat",
  label: "Google Chat",
  word: "Google Chat",
  planTableName: "Google Chat",
  description: "Cards in a Google Chat space through an incoming webhook.",
  article: "google-chat-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the Google Chat incoming webhook URL."),
  }),
  secretFields: ["url"],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Google Chat webhook URL",
      hint: "In Google Chat: the space's name > Apps & integrations > Webhooks > Add webhook, then copy the URL.",
      placeholder: "https://chat.googleapis.com/v1/spaces/.../messages?key=...&token=...",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: () => "Google Chat",
});
