import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** Messages in a Discord channel through its webhook, whose URL is the secret. */
export const discordChannel = defineChannelType({
  id: "discord",
  label: "Discord",
  word: "Discord",
  planTableName: "Discord",
  description: "Messages in a Discord channel through a channel webhook.",
  article: "discord-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the Discord webhook URL."),
  }),
  secretFields: ["url"],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Discord webhook URL",
      hint: "In Discord: Edit Channel > Integrations > Webhooks > New Webhook, then Copy Webhook URL.",
      placeholder: "https://discord.com/api/webhooks/...",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: () => "Discord",
});
