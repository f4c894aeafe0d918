import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** Messages in a Mattermost channel through its incoming webhook, whose URL is the secret. */
export const mattermostChannel = defineChannelType({
  id: "mattermost",
  label: "Mattermost",
  word: "Mattermost",
  planTableName: "Mattermost",
  description: "Messages in a Mattermost channel through an incoming webhook.",
  article: "mattermost-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the Mattermost incoming webhook URL."),
  }),
  secretFields: ["url"],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Mattermost incoming webhook URL",
      hint: "In Mattermost: Integrations > Incoming Webhooks > Add Incoming Webhook, choose the channel, copy the URL.",
      placeholder: "https://mattermost.example.com/hooks/...",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: () => "Mattermost",
});
