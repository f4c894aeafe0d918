import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** Messages in a Slack channel through its incoming webhook, whose URL is the secret. */
export const slackChannel = defineChannelType({
  id: "slack",
  label: "Slack",
  word: "Slack",
  planTableName: "Slack",
  description: "Messages in a Slack channel through an incoming webhook.",
  article: "slack-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the Slack incoming webhook URL."),
  }),
  secretFields: ["url"],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Slack incoming webhook URL",
      hint: "In Slack: Apps > Incoming Webhooks > Add to Slack, choose the channel, copy the URL.",
      placeholder: "https://hooks.slack.com/services/...",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: () => "Slack",
});
