import type { AlertChannel } from "@upwatch/core";
import type { NotificationProvider } from "../provider.ts";
import { discordProvider } from "./discord.ts";
import { emailProvider } from "./email.ts";
import { googleChatProvider } from "./google-chat.ts";
import { gotifyProvider } from "./gotify.ts";
import { matrixProvider } from "./matrix.ts";
import { mattermostProvider } from "./mattermost.ts";
import { microsoftTeamsProvider } from "./microsoft-teams.ts";
import { ntfyProvider } from "./ntfy.ts";
import { opsgenieProvider } from "./opsgenie.ts";
import { pagerDutyProvider } from "./pagerduty.ts";
import { pushoverProvider } from "./pushover.ts";
import { slackProvider } from "./slack.ts";
import { smsProvider } from "./sms.ts";
import { telegramProvider } from "./telegram.ts";
import { webhookProvider } from "./webhook.ts";

/** Every channel type's provider; adding a type without one does not compile. */
export const NOTIFICATION_PROVIDERS: Record<AlertChannel, NotificationProvider> = {
  email: emailProvider,
  sms: smsProvider,
  slack: slackProvider,
  discord: discordProvider,
  mattermost: mattermostProvider,
  "microsoft-teams": microsoftTeamsProvider,
  "google-chat": googleChatProvider,
  telegram: telegramProvider,
  matrix: matrixProvider,
  ntfy: ntfyProvider,
  pushover: pushoverProvider,
  gotify: gotifyProvider,
  webhook: webhookProvider,
  pagerduty: pagerDutyProvider,
  opsgenie: opsgenieProvider,
};
