import {
  AGENT_OFFLINE_AFTER,
  AGENT_OS,
  AGENT_RULE_COMPARISONS,
  AGENT_RULE_KINDS,
  AGENT_RULE_RANGES,
  ALERT_SEVERITIES,
  bothListsMessage,
  CUSTOM_METRIC_LIMITS,
  channelLinksField,
  LABEL_NAME_PATTERN,
  METRIC_NAME_PATTERN,
  storableText,
} from "@upwatch/core";
import { z } from "zod";

/** The ranges an agent's charts cover: the first three from raw samples, the others from rollups. */
export const AGENT_METRICS_RANGES = ["1h", "6h", "24h", "7d", "30d"] as const;
export type AgentMetricsRange = (typeof AGENT_METRICS_RANGES)[number];

const NAME_CHARS = 100;
const LIST_ENTRIES = 64;
const LIST_ENTRY_CHARS = 200;
const CHANNEL_IDS = 100;

const id = (field: string) =>
  z.string({ message: `${field} must be an id.` }).check(storableText(field));

const name = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "name is required: what the agent is called."
        : "name must be text.",
  })
  .check(storableText("name"))
  .trim()
  .min(1, { message: "name cannot be empty." })
  .max(NAME_CHARS, { message: `name can be at most ${NAME_CHARS} characters.` });

const offlineAfter = z
  .number({ message: "offline_after_minutes must be a whole number of minutes." })
  .int({ message: "offline_after_minutes must be a whole number of minutes." })
  .min(AGENT_OFFLINE_AFTER.min, {
    message: `offline_after_minutes must be from ${AGENT_OFFLINE_AFTER.min} to ${AGENT_OFFLINE_AFTER.max}.`,
  })
  .max(AGENT_OFFLINE_AFTER.max, {
    message: `offline_after_minutes must be from ${AGENT_OFFLINE_AFTER.min} to ${AGENT_OFFLINE_AFTER.max}.`,
  });

const channelIds = z
  .array(id("channel_ids"), { message: "channel_ids must be a list of channel ids." })
  .max(CHANNEL_IDS, { message: `channel_ids can name at most ${CHANNEL_IDS} channels.` });

const channelLinks = channelLinksField("channels", "channel", CHANNEL_IDS).describe(
  "Instead of channel_ids: the channels with the severities of the agent's alerts each receives.",
);
const oneChannelList = (body: { channel_ids?: unknown; channels?: unknown }) =>
  body.channel_ids === undefined || body.channels === undefined;
const oneChannelListMessage = { message: bothListsMessage("channel_ids", "channels") };

/** A list of mounts or services a rule watches; null watches every one reported. */
const names = (field: string, what: string) =>
  z
    .array(
      z
        .string({ message: `${field} must be a list of ${what}.` })
        .check(storableText(field))
        .trim()
        .min(1, { message: `${field} cannot hold an empty name.` })
        .max(LIST_ENTRY_CHARS, {
          message: `Each of ${field} can be at most ${LIST_ENTRY_CHARS} characters.`,
        }),
      { message: `${field} must be a list of ${what}, or null for all of them.` },
    )
    .min(1, { message: `${field} must name at least one, or be null for all of them.` })
    .max(LIST_ENTRIES, { message: `${field} can name at most ${LIST_ENTRIES} ${what}.` })
    .nullable();

const ruleFields = {
  threshold: z.number({ message: "threshold must be a number." }),
  duration_minutes: z
    .number({ message: "duration_minutes must be a whole number of minutes." })
    .int({ message: "duration_minutes must be a whole number of minutes." })
    .min(AGENT_RULE_RANGES.durationMinutes.min, {
      message: `duration_minutes must be from ${AGENT_RULE_RANGES.durationMinutes.min} to ${AGENT_RULE_RANGES.durationMinutes.max}.`,
    })
    .max(AGENT_RULE_RANGES.durationMinutes.max, {
      message: `duration_minutes must be from ${AGENT_RULE_RANGES.durationMinutes.min} to ${AGENT_RULE_RANGES.durationMinutes.max}.`,
    }),
  severity: z.enum(ALERT_SEVERITIES, {
    message: `severity must be one of ${ALERT_SEVERITIES.join(", ")}.`,
  }),
  disks: names("disks", "mount points"),
  services: names("services", "service names"),
  metric: z
    .string({ message: "metric must be a custom metric's name." })
    .max(CUSTOM_METRIC_LIMITS.nameLength, {
      message: `metric must be at most ${CUSTOM_METRIC_LIMITS.nameLength} characters.`,
    })
    .regex(METRIC_NAME_PATTERN, {
      message:
        "metric must be a Prometheus metric name: letters, digits, _ or :, not starting with a digit.",
    }),
  labels: z
    .record(
      z.string().regex(LABEL_NAME_PATTERN, {
        message: "Each label of labels must be a Prometheus label name: letters, digits or _.",
      }),
      z
        .string({ message: "Each value of labels must be text." })
        .check(storableText("labels"))
        .max(CUSTOM_METRIC_LIMITS.labelValueLength, {
          message: `Each value of labels can be at most ${CUSTOM_METRIC_LIMITS.labelValueLength} characters.`,
        }),
      { message: "labels must map label names to the values a series must have, or be null." },
    )
    .refine((labels) => Object.keys(labels).length <= CUSTOM_METRIC_LIMITS.labelsPerSeries, {
      message: `labels can name at most ${CUSTOM_METRIC_LIMITS.labelsPerSeries} labels.`,
    })
    .nullable(),
  comparison: z.enum(AGENT_RULE_COMPARISONS, {
    message: `comparison must be one of ${AGENT_RULE_COMPARISONS.join(", ")}.`,
  }),
};

const agentParams = z.object({ id: id("The id in the path") });

/** Request bodies, queries and path parameters of the agent operations. */
export const agentRequestSchemas = {
  agentParams,
  ruleParams: agentParams.extend({ ruleId: id("The rule id in the path") }),
  createAgent: z
    .strictObject({
      name,
      os: z.enum(AGENT_OS, { message: `os must be one of ${AGENT_OS.join(", ")}.` }),
      offline_after_minutes: offlineAfter.optional(),
      channel_ids: channelIds.optional(),
      channels: channelLinks.optional(),
    })
    .refine(oneChannelList, oneChannelListMessage),
  updateAgent: z
    .strictObject({
      name: name.optional(),
      offline_after_minutes: offlineAfter.optional(),
      channel_ids: channelIds.optional(),
      channels: channelLinks.optional(),
    })
    .refine(oneChannelList, oneChannelListMessage),
  createRule: z.strictObject({
    kind: z.enum(AGENT_RULE_KINDS, {
      message: `kind must be one of ${AGENT_RULE_KINDS.join(", ")}.`,
    }),
    ...z.object(ruleFields).partial().shape,
  }),
  updateRule: z.strictObject(ruleFields).partial(),
  metricsQuery: z.strictObject({
    range: z
      .enum(AGENT_METRICS_RANGES, {
        message: `range must be one of ${AGENT_METRICS_RANGES.join(", ")}.`,
      })
      .default("24h"),
  }),
};

export type CreateAgentInput = z.infer<typeof agentRequestSchemas.createAgent>;
export type UpdateAgentInput = z.infer<typeof agentRequestSchemas.updateAgent>;
export type CreateAgentRuleInput = z.infer<typeof agentRequestSchemas.createRule>;
export type UpdateAgentRuleInput = z.infer<typeof agentRequestSchemas.updateRule>;
