import {
  bothListsMessage,
  channelLinksField,
  GROUP_STATUSES,
  groupChannelIdsField,
  groupDescriptionField,
  groupMonitorIdsField,
  groupNameField,
  storableId,
  storableText,
} from "@upwatch/core";
import { z } from "zod";
import { channelLinkResponse } from "./channel-link-schemas.ts";

const groupChannelLinks = channelLinksField("channels", "channel", 100).describe(
  "Instead of channel_ids: the channels with the severities each receives.",
);
const oneChannelList = (body: { channel_ids?: unknown; channels?: unknown }) =>
  body.channel_ids === undefined || body.channels === undefined;
const oneChannelListMessage = { message: bothListsMessage("channel_ids", "channels") };

/** Request bodies, query and path parameters of the group operations. */
export const groupRequestSchemas = {
  create: z
    .strictObject({
      name: groupNameField,
      description: groupDescriptionField.optional(),
      monitor_ids: groupMonitorIdsField.optional(),
      channel_ids: groupChannelIdsField.optional(),
      channels: groupChannelLinks.optional(),
    })
    .refine(oneChannelList, oneChannelListMessage),
  update: z
    .strictObject({
      name: groupNameField.optional(),
      description: groupDescriptionField.optional(),
      monitor_ids: groupMonitorIdsField
        .optional()
        .describe("Replaces the group's monitors; the monitors left out stay, outside the group."),
      channel_ids: groupChannelIdsField.optional().describe("Replaces the group's channels."),
      channels: groupChannelLinks.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: "Send at least one of name, description, monitor_ids and channel_ids.",
    })
    .refine(oneChannelList, oneChannelListMessage),
  addMonitors: z.strictObject({
    monitor_ids: groupMonitorIdsField.refine((ids) => ids.length > 0, {
      message: "monitor_ids must list at least one monitor.",
    }),
  }),
  memberParams: z.object({
    id: z.string().check(storableText("The group id in the path")),
    monitorId: z.string().check(storableText("The monitor id in the path")),
  }),
};

const isoTime = z.string().describe("ISO 8601 time");

export const groupResponse = z.object({
  id: z.string().describe("grp_ and random characters"),
  name: z.string(),
  description: z.string().nullable(),
  monitor_ids: z.array(z.string()),
  channel_ids: z
    .array(z.string())
    .describe("Channels that every member's alerts also go to, including members added later."),
  channels: z
    .array(channelLinkResponse)
    .describe("The same channels, with the severities each receives from the group's members."),
  status: z
    .enum(GROUP_STATUSES)
    .describe(
      "From active members: up when all are up, partial_outage when some are down and some up, down when all are down, no_data when none has a known state.",
    ),
  counts: z
    .object({
      up: z.number().int(),
      down: z.number().int(),
      paused: z.number().int(),
      unknown: z.number().int().describe("Active members not checked conclusively yet."),
    })
    .describe("Members by state; paused members count only as paused."),
  created_at: isoTime,
  updated_at: isoTime,
});

export const groupListResponse = z.object({ data: z.array(groupResponse) });

/** `?group=grp_a&group=grp_b`: monitors in any of the groups. */
export const groupFilterQuery = z
  .union(
    [
      storableId("group"),
      z.array(storableId("group")).max(200, {
        message: "group can be given at most 200 times.",
      }),
    ],
    { message: "group must be a group id, given once per group." },
  )
  .optional()
  .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]))
  .describe("A group id; repeat it for monitors in any of several groups.");
