import { z } from "zod";
import { ALERT_CHANNELS } from "./plans.ts";
import { storableText } from "./storable-text.ts";

const PHONE_MESSAGE =
  "config.phone must be in international format: + and the country code, without spaces, such as +64211234567.";

/** The settings of each channel type, as the API takes them. */
export const CHANNEL_CONFIG_SCHEMAS = {
  email: z.strictObject({
    address: z
      .string({ message: "config.address must be an e-mail address." })
      .check(storableText("config.address"))
      .trim()
      .max(254, { message: "config.address can be at most 254 characters." })
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, {
        message: "config.address must be an e-mail address.",
      }),
  }),
  sms: z.strictObject({
    phone: z.string({ message: PHONE_MESSAGE }).regex(/^\+[1-9]\d{6,14}$/, {
      message: PHONE_MESSAGE,
    }),
  }),
  slack: z.strictObject({
    url: z
      .string({ message: "config.url must be the Slack incoming webhook URL." })
      .check(storableText("config.url"))
      .trim()
      .max(2000, { message: "config.url can be at most 2,000 characters." }),
  }),
  webhook: z.strictObject({
    url: z
      .string({ message: "config.url must be the URL to POST to." })
      .check(storableText("config.url"))
      .trim()
      .max(2000, { message: "config.url can be at most 2,000 characters." }),
  }),
} as const;

export type ChannelConfigs = {
  [K in keyof typeof CHANNEL_CONFIG_SCHEMAS]: z.output<(typeof CHANNEL_CONFIG_SCHEMAS)[K]>;
};

const name = z
  .string({ message: "name must be text." })
  .check(storableText("name"))
  .trim()
  .min(1, { message: "name cannot be empty." })
  .max(100, { message: "name can be at most 100 characters." });
const attach = z.boolean({ message: "attach_to_new_monitors must be true or false." });
const monitorIds = z
  .array(
    z
      .string({ message: "monitor_ids must be a list of monitor ids." })
      .check(storableText("monitor_ids")),
    {
      message: "monitor_ids must be a list of monitor ids.",
    },
  )
  .max(1000, { message: "monitor_ids can list at most 1,000 monitors." });

const channelOf = <T extends keyof typeof CHANNEL_CONFIG_SCHEMAS>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    name: name.optional(),
    config: CHANNEL_CONFIG_SCHEMAS[type],
    attach_to_new_monitors: attach.default(false),
    monitor_ids: monitorIds.optional().describe("Monitors to use this channel from now on."),
  });

/** `POST /api/v1/channels`: a new alert channel. */
export const createChannelSchema = z.discriminatedUnion(
  "type",
  [channelOf("email"), channelOf("sms"), channelOf("slack"), channelOf("webhook")],
  { message: `type must be one of ${ALERT_CHANNELS.join(", ")}.` },
);
export type CreateChannelInput = z.output<typeof createChannelSchema>;

/** `PATCH /api/v1/channels/{id}`: the fields to change; `config` replaces the settings. */
export const updateChannelSchema = z.strictObject({
  name: name.optional(),
  config: z
    .record(z.string(), z.unknown(), { message: "config must be an object." })
    .optional()
    .describe(
      "The type's settings, replacing the current ones; a masked value keeps the stored one.",
    ),
  attach_to_new_monitors: attach.optional(),
  monitor_ids: monitorIds.optional().describe("Replaces the monitors that use this channel."),
});
export type UpdateChannelInput = z.output<typeof updateChannelSchema>;

/** `PUT /api/v1/monitors/{id}/channels`: the channels a monitor's alerts go to. */
export const monitorChannelsSchema = z.strictObject({
  channel_ids: z
    .array(
      z
        .string({ message: "channel_ids must be a list of channel ids." })
        .check(storableText("channel_ids")),
      {
        message: "channel_ids must be a list of channel ids.",
      },
    )
    .max(100, { message: "channel_ids can list at most 100 channels." }),
});
