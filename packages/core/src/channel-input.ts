import { z } from "zod";
import {
  bothListsMessage,
  channelLinksField,
  severitiesField,
} from "./alerting/channel-routing.ts";
import { quietHoursField } from "./alerting/quiet-hours.ts";
import { ALERT_CHANNELS, CHANNEL_TYPES, type ChannelType } from "./channels/index.ts";
import { storableText } from "./storable-text.ts";

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
const monitorLinks = channelLinksField("monitors", "monitor", 1000);
const newMonitorSeverities = severitiesField("new_monitor_severities").describe(
  "The alert severities it receives on monitors it is attached to by attach_to_new_monitors; all three when left out.",
);

/** Refuses a channel body that gives both `monitor_ids` and `monitors`. */
const oneMonitorList = {
  check: (body: { monitor_ids?: unknown; monitors?: unknown }) =>
    body.monitor_ids === undefined || body.monitors === undefined,
  message: { message: bothListsMessage("monitor_ids", "monitors") },
};

const channelOf = <const Id extends string, Config extends z.ZodType>(
  type: ChannelType<Id, Config>,
) =>
  z.strictObject({
    type: z.literal(type.id),
    name: name.optional(),
    config: type.config,
    attach_to_new_monitors: attach.default(false),
    monitor_ids: monitorIds.optional().describe("Monitors to use this channel from now on."),
    monitors: monitorLinks
      .optional()
      .describe("Instead of monitor_ids: the monitors with the severities each sends here."),
    new_monitor_severities: newMonitorSeverities.optional(),
    quiet_hours: quietHoursField.optional(),
  });

type ChannelSchemaOf<T> =
  T extends ChannelType<infer Id, infer Config> ? ReturnType<typeof channelOf<Id, Config>> : never;
type ChannelSchemas<List extends readonly unknown[]> = {
  -readonly [K in keyof List]: ChannelSchemaOf<List[K]>;
};

/** `POST /api/v1/channels`: a new alert channel. */
export const createChannelSchema = z
  .discriminatedUnion(
    "type",
    // A mapped array loses each element's own type; the list's tuple type gives it back.
    CHANNEL_TYPES.map((type: ChannelType) => channelOf(type)) as unknown as ChannelSchemas<
      typeof CHANNEL_TYPES
    >,
    { message: `type must be one of ${ALERT_CHANNELS.join(", ")}.` },
  )
  .refine(oneMonitorList.check, oneMonitorList.message);
export type CreateChannelInput = z.output<typeof createChannelSchema>;

/** `PATCH /api/v1/channels/{id}`: the fields to change; `config` replaces the settings. */
export const updateChannelSchema = z
  .strictObject({
    name: name.optional(),
    config: z
      .record(z.string(), z.unknown(), { message: "config must be an object." })
      .optional()
      .describe(
        "The type's settings, replacing the current ones; a masked value keeps the stored one.",
      ),
    attach_to_new_monitors: attach.optional(),
    monitor_ids: monitorIds.optional().describe("Replaces the monitors that use this channel."),
    monitors: monitorLinks
      .optional()
      .describe("Instead of monitor_ids: replaces them, with the severities each sends here."),
    new_monitor_severities: newMonitorSeverities.optional(),
    quiet_hours: quietHoursField.optional(),
  })
  .refine(oneMonitorList.check, oneMonitorList.message);
export type UpdateChannelInput = z.output<typeof updateChannelSchema>;

/** `PUT /api/v1/monitors/{id}/channels`: the channels a monitor's alerts go to. */
export const monitorChannelsSchema = z
  .strictObject({
    channel_ids: z
      .array(
        z
          .string({ message: "channel_ids must be a list of channel ids." })
          .check(storableText("channel_ids")),
        {
          message: "channel_ids must be a list of channel ids.",
        },
      )
      .max(100, { message: "channel_ids can list at most 100 channels." })
      .optional()
      .describe("The channels, each receiving every severity."),
    channels: channelLinksField("channels", "channel", 100)
      .optional()
      .describe("Instead of channel_ids: the channels with the severities each receives."),
  })
  .superRefine((body, ctx) => {
    if (body.channel_ids !== undefined && body.channels !== undefined) {
      ctx.addIssue({ code: "custom", message: bothListsMessage("channel_ids", "channels") });
    } else if (body.channel_ids === undefined && body.channels === undefined) {
      ctx.addIssue({
        code: "custom",
        message: "Give channel_ids or channels: the channels this monitor's alerts go to.",
      });
    }
  });
