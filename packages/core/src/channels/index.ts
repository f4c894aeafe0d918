import type { z } from "zod";
import type { PlanId } from "../plans.ts";
import { discordChannel } from "./discord.ts";
import { emailChannel } from "./email.ts";
import { googleChatChannel } from "./google-chat.ts";
import { gotifyChannel } from "./gotify.ts";
import { matrixChannel } from "./matrix.ts";
import { mattermostChannel } from "./mattermost.ts";
import { microsoftTeamsChannel } from "./microsoft-teams.ts";
import { ntfyChannel } from "./ntfy.ts";
import { opsgenieChannel } from "./opsgenie.ts";
import { pagerDutyChannel } from "./pagerduty.ts";
import { pushoverChannel } from "./pushover.ts";
import { slackChannel } from "./slack.ts";
import { smsChannel } from "./sms.ts";
import { telegramChannel } from "./telegram.ts";
import { webhookChannel } from "./webhook.ts";

export type { ChannelField, ChannelType } from "./channel-type.ts";
export { defineChannelType } from "./channel-type.ts";

/** Every channel type, in the order lists, choosers and tables show them. */
export const CHANNEL_TYPES = [
  emailChannel,
  smsChannel,
  slackChannel,
  discordChannel,
  mattermostChannel,
  microsoftTeamsChannel,
  googleChatChannel,
  telegramChannel,
  matrixChannel,
  ntfyChannel,
  pushoverChannel,
  gotifyChannel,
  webhookChannel,
  pagerDutyChannel,
  opsgenieChannel,
] as const;

/** Where alerts can go. */
export type AlertChannel = (typeof CHANNEL_TYPES)[number]["id"];

/** One channel type's description, with its settings' own types. */
export type ChannelTypeOf<T extends AlertChannel> = Extract<
  (typeof CHANNEL_TYPES)[number],
  { id: T }
>;

/** The settings of each channel type, as the API takes them. */
export type ChannelConfigs = {
  [T in AlertChannel]: z.output<ChannelTypeOf<T>["config"]>;
};

/** The channel types' ids, in the order of `CHANNEL_TYPES`. */
export const ALERT_CHANNELS: readonly AlertChannel[] = CHANNEL_TYPES.map((type) => type.id);

const BY_ID = new Map<string, ChannelTypeOf<AlertChannel>>(
  CHANNEL_TYPES.map((type) => [type.id, type]),
);

/** Looks a channel type up by id; throws for an id that is not a channel type. */
export function channelType<T extends AlertChannel>(id: T): ChannelTypeOf<T> {
  const type = BY_ID.get(id);
  if (!type) throw new Error(`Unknown channel type: ${id}`);
  return type as ChannelTypeOf<T>;
}

/** The channel types a plan includes, in the order of `CHANNEL_TYPES`; the self-hosted plan has all. */
export function channelsOnPlan(plan: PlanId): readonly AlertChannel[] {
  if (plan === "self-hosted") return ALERT_CHANNELS;
  return ALERT_CHANNELS.filter((id) => channelType(id).plans.includes(plan));
}
