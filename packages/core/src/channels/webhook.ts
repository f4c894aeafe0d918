import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** A signed JSON POST to the account's own endpoint. */
export const webhookChannel = defineChannelType({
  id: "webhook",
  label: "Webhook",
  word: "webhook",
  planTableName: "Webhooks",
  description: "A signed JSON POST to your own endpoint, for any other tool.",
  article: "webhook-alerts",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the URL to POST to."),
  }),
  secretFields: [],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Endpoint URL",
      hint: "Upwatch POSTs JSON here, signed with the channel's secret (shown once after saving).",
      placeholder: "https://hooks.example.com/upwatch",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: (config) => `Webhook ${new URL(config.url).host}`,
});
