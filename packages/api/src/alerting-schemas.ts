import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_SEVERITIES,
  ALERT_STATES,
  createChannelSchema,
  monitorChannelsSchema,
  NOTIFICATION_EVENTS,
  storableId,
  storableText,
  updateChannelSchema,
} from "@upwatch/core";
import { z } from "zod";
import {
  channelLinkResponse,
  quietHoursResponse,
  severitiesResponse,
} from "./channel-link-schemas.ts";

const isoTime = z.string().describe("ISO 8601 time");
const limit = z.coerce
  .number({ message: "limit must be a whole number from 1 to 100." })
  .int({ message: "limit must be a whole number from 1 to 100." })
  .min(1, { message: "limit must be a whole number from 1 to 100." })
  .max(100, { message: "limit must be a whole number from 1 to 100." })
  .default(50);
const before = z.coerce
  .number({ message: "before must be the next_before value of the previous page." })
  .int({ message: "before must be the next_before value of the previous page." })
  .positive({ message: "before must be the next_before value of the previous page." })
  .optional()
  .describe("Epoch milliseconds: the next_before of the previous page.");

export const alertingRequestSchemas = {
  createDependency: z
    .strictObject({
      child_monitor_id: z
        .string({ message: "child_monitor_id must be a monitor id." })
        .check(storableText("child_monitor_id"))
        .optional(),
      child_agent_id: z
        .string({ message: "child_agent_id must be an agent id." })
        .check(storableText("child_agent_id"))
        .optional(),
      parent_monitor_id: z
        .string({ message: "parent_monitor_id is required: the monitor the child relies on." })
        .check(storableText("parent_monitor_id")),
    })
    .superRefine((body, ctx) => {
      const children = [body.child_monitor_id, body.child_agent_id].filter(
        (id) => id !== undefined,
      );
      if (children.length === 1) return;
      ctx.addIssue({
        code: "custom",
        message:
          children.length === 0
            ? "child_monitor_id or child_agent_id is required: the monitor or agent whose alerts depend on the parent."
            : "Give child_monitor_id or child_agent_id, not both: a dependency has one child.",
      });
    }),
  createChannel: createChannelSchema,
  updateChannel: updateChannelSchema,
  monitorChannels: monitorChannelsSchema,
};

export const alertsQuerySchema = z.strictObject({
  state: z
    .enum(ALERT_STATES, { message: `state must be one of ${ALERT_STATES.join(", ")}.` })
    .optional(),
  severity: z
    .enum(ALERT_SEVERITIES, { message: `severity must be one of ${ALERT_SEVERITIES.join(", ")}.` })
    .optional(),
  monitor_id: storableId("monitor_id").optional(),
  agent_id: storableId("agent_id").optional(),
  limit,
  before,
});

export const deliveriesQuerySchema = z.strictObject({
  channel_id: storableId("channel_id").optional(),
  alert_id: storableId("alert_id").optional(),
  limit,
  before,
});

export const incidentsQuerySchema = z.strictObject({ limit });

export const alertResponse = z.object({
  id: z.string(),
  monitor_id: z
    .string()
    .nullable()
    .describe("The monitor the alert is about; null for an agent's."),
  agent_id: z.string().nullable().describe("The agent the alert is about; null for a monitor's."),
  subject: z
    .object({ type: z.enum(["monitor", "agent"]), id: z.string(), name: z.string() })
    .describe("What the alert is about."),
  incident_id: z.string().nullable(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  state: z.enum(ALERT_STATES).describe("open, acknowledged (open but quiet) or resolved"),
  message: z.string(),
  opened_at: isoTime,
  acknowledged_at: isoTime.nullable(),
  resolved_at: isoTime.nullable(),
  resolution: z
    .enum([
      "recovered",
      "by-hand",
      "certificate-renewed",
      "superseded",
      "monitor-changed",
      "rule-deleted",
      "key-revoked",
    ])
    .nullable(),
  notifications_sent: z.number().int(),
  next_notification_at: isoTime.nullable(),
  suppressed: z.boolean().describe("Notifications are held back: every parent monitor is down."),
  suppressed_by: z.array(z.string()).describe("The parent monitors holding them back."),
  held_by: z
    .array(z.object({ monitor_id: z.string(), name: z.string() }))
    .describe("The same parent monitors with their names, by name; empty unless suppressed."),
  held_by_maintenance: z
    .object({ id: z.string(), title: z.string(), ends_at: isoTime })
    .nullable()
    .describe("The status page maintenance window under way that holds notifications back."),
});
export const alertPageResponse = z.object({
  data: z.array(alertResponse),
  next_before: z.number().nullable(),
});

export const dependencyResponse = z.object({
  id: z.string(),
  child_monitor_id: z.string().nullable().describe("The child monitor, or null for an agent."),
  child_agent_id: z.string().nullable().describe("The child agent, or null for a monitor."),
  parent_monitor_id: z.string(),
  created_at: isoTime,
});
export const dependencyListResponse = z.object({ data: z.array(dependencyResponse) });

export const channelResponse = z.object({
  id: z.string(),
  type: z.enum(ALERT_CHANNELS),
  name: z.string(),
  config: z.record(z.string(), z.string()).describe("The settings; a Slack URL is shown masked."),
  signing_secret: z
    .string()
    .nullable()
    .describe("Webhook channels: shown in full only when the channel is created."),
  attach_to_new_monitors: z.boolean(),
  confirmed: z
    .boolean()
    .describe(
      "False while an e-mail channel to an address outside the account awaits its recipient's confirmation; it receives nothing else until then.",
    ),
  monitor_ids: z.array(z.string()),
  monitors: z
    .array(channelLinkResponse)
    .describe("The monitors that use this channel, with the severities each receives."),
  new_monitor_severities: severitiesResponse.describe(
    "The severities it receives on the monitors it is attached to by attach_to_new_monitors.",
  ),
  quiet_hours: quietHoursResponse,
  disabled_reason: z
    .string()
    .nullable()
    .describe(
      "Why the channel sends nothing: the account's plan does not include its type. Null when it sends; it sends again once the plan includes the type.",
    ),
  created_at: isoTime,
  updated_at: isoTime,
});
export const channelListResponse = z.object({ data: z.array(channelResponse) });

/** A monitor's own channels, each with the severities it receives on that monitor. */
export const monitorChannelListResponse = z.object({
  data: z.array(
    channelResponse.extend({
      severities: severitiesResponse.describe(
        "The alert severities of this monitor that the channel receives.",
      ),
    }),
  ),
});

export const testSendResponse = z.object({
  notification_id: z.string().describe("Also the webhook-id header and the mail's Message-ID."),
  status: z.enum(["delivered", "failed", "timeout", "pending"]),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const deliveryResponse = z.object({
  id: z.string(),
  notification_id: z.string(),
  channel_id: z.string(),
  channel_type: z.enum(ALERT_CHANNELS),
  event: z.enum(NOTIFICATION_EVENTS),
  alert_id: z.string().nullable(),
  monitor_id: z.string().nullable(),
  agent_id: z.string().nullable().describe("The agent of an agent alert's delivery."),
  status: z.enum(["delivered", "failed", "timeout"]),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  attempted_at: isoTime,
});
export const deliveryPageResponse = z.object({
  data: z.array(deliveryResponse),
  next_before: z.number().nullable(),
});

export const incidentResponse = z.object({
  id: z.string(),
  monitor_id: z.string(),
  started_at: isoTime,
  ended_at: isoTime.nullable(),
  cause: z.string(),
  status_code: z.number().int().nullable(),
});
export const incidentListResponse = z.object({ data: z.array(incidentResponse) });
