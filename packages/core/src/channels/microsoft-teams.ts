import { z } from "zod";
import { defineChannelType } from "./channel-type.ts";
import { POST_URL_CHECK, postUrl } from "./post-url.ts";

/** The retired Office 365 connectors' addresses, which no longer post anything. */
const OFFICE_CONNECTOR =
  /^https?:\/\/[^/]*(?:webhook\.office\.com|outlook\.office(?:365)?\.com)\//i;

/** Adaptive Cards in a Microsoft Teams channel through a Workflows webhook, whose URL is the secret. */
export const microsoftTeamsChannel = defineChannelType({
  id: "microsoft-teams",
  label: "Microsoft Teams",
  word: "Microsoft Teams",
  planTableName: "Microsoft Teams",
  description: "Cards in a Microsoft Teams channel through a Workflows webhook.",
  article: "microsoft-teams-integration",
  plans: ["hobby", "business", "enterprise"],
  config: z.strictObject({
    url: postUrl("config.url must be the Microsoft Teams Workflows webhook URL.").refine(
      (url) => !OFFICE_CONNECTOR.test(url),
      "config.url is an Office 365 connector's URL, which Microsoft has retired: create a Workflows webhook in the Teams channel and paste its URL.",
    ),
  }),
  secretFields: ["url"],
  guardedUrls: ["url"],
  fields: [
    {
      key: "url",
      label: "Teams Workflows webhook URL",
      hint: "In Teams: the channel's ... > Workflows > Post to a channel when a webhook request is received, then copy the URL.",
      placeholder: "https://....powerplatform.com/powerautomate/automations/direct/workflows/...",
      inputType: "url",
      autoComplete: "off",
      ...POST_URL_CHECK,
    },
  ],
  defaultName: () => "Microsoft Teams",
});
