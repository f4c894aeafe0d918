import {
  AGENT_LOG_LEVELS,
  AGENT_OS,
  AGENT_RULE_COMPARISONS,
  AGENT_RULE_KINDS,
  ALERT_SEVERITIES,
} from "@upwatch/core";
import { z } from "zod";
import { AGENT_SERVICE_STATES } from "./agent-report-schemas.ts";
import { AGENT_METRICS_RANGES } from "./agent-schemas.ts";
import { channelLinkResponse } from "./channel-link-schemas.ts";

const isoTime = z.string().describe("ISO 8601 time");

export const agentResponse = z.object({
  id: z.string(),
  name: z.string(),
  os: z.enum(AGENT_OS),
  status: z
    .enum(["waiting", "online", "offline"])
    .describe("waiting before the first report; offline after offline_after_minutes in silence."),
  last_report_at: isoTime.nullable(),
  first_report_at: isoTime.nullable(),
  offline_since: isoTime.nullable(),
  offline_after_minutes: z.number().int(),
  hostname: z.string().nullable(),
  platform: z.string().nullable(),
  arch: z.string().nullable(),
  version: z.string().nullable().describe("The agent program's version, once it has reported."),
  capabilities: z.array(z.string()),
  proxy_capable: z.boolean().describe("Whether the agent can run checks for the server."),
  key: z
    .object({ prefix: z.string(), created_at: isoTime })
    .nullable()
    .describe("The key's visible start; null once the key is revoked."),
  config: z
    .object({
      monitoring_interval: z.number(),
      cpu_threshold: z.number(),
      memory_threshold: z.number(),
      disk_threshold: z.number(),
      log_level: z.enum(AGENT_LOG_LEVELS),
    })
    .nullable()
    .describe("The settings of the agent's agent.yaml, as it last reported them."),
  channel_ids: z.array(z.string()),
  channels: z
    .array(channelLinkResponse)
    .describe("The same channels, with the severities of the agent's alerts each receives."),
  open_alerts: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Agent = z.infer<typeof agentResponse>;

export const agentListResponse = z.object({ data: z.array(agentResponse) });

export const agentCreatedResponse = z.object({
  agent: agentResponse,
  key: z.string().describe("The agent's key, shown this once: put it in agent.yaml as api_key."),
});

const latestReport = z.object({
  sampled_at: isoTime,
  cpu_percent: z.number(),
  cpu_high: z.boolean(),
  cores: z.number().int(),
  load: z.object({ one: z.number(), five: z.number(), fifteen: z.number() }).nullable(),
  load_high: z.boolean(),
  memory: z.object({
    total_bytes: z.number(),
    used_bytes: z.number(),
    available_bytes: z.number(),
    used_percent: z.number(),
    available_percent: z.number(),
    high: z.boolean(),
  }),
  network: z.object({ rx_bytes_per_second: z.number(), tx_bytes_per_second: z.number() }),
  disks: z.array(
    z.object({
      mount: z.string(),
      description: z.string(),
      total_bytes: z.number(),
      used_bytes: z.number(),
      used_percent: z.number(),
      high: z.boolean(),
    }),
  ),
  services: z.array(
    z.object({ name: z.string(), state: z.enum(AGENT_SERVICE_STATES), since: isoTime }),
  ),
});
export type AgentLatestReport = z.infer<typeof latestReport>;

export const agentDetailResponse = agentResponse.extend({
  latest: latestReport
    .nullable()
    .describe("The newest report; *_high marks figures over the agent's own thresholds."),
});
export type AgentDetail = z.infer<typeof agentDetailResponse>;

const nullableNumber = z.number().nullable();

export const agentMetricsResponse = z.object({
  range: z.enum(AGENT_METRICS_RANGES),
  from: isoTime,
  to: isoTime,
  bucket_seconds: z.number().int(),
  points: z.array(
    z.object({
      at: isoTime,
      cpu_percent: z.number(),
      cpu_max: z.number(),
      memory_used_percent: z.number(),
      memory_used_max: z.number(),
      load1: nullableNumber,
      load1_max: nullableNumber,
      net_rx_bytes_per_second: z.number(),
      net_tx_bytes_per_second: z.number(),
    }),
  ),
  disks: z.array(
    z.object({
      mount: z.string(),
      description: z.string(),
      points: z.array(z.object({ at: isoTime, used_percent: z.number(), used_max: z.number() })),
    }),
  ),
});
export type AgentMetrics = z.infer<typeof agentMetricsResponse>;

export const agentRuleResponse = z.object({
  id: z.string(),
  kind: z.enum(AGENT_RULE_KINDS),
  name: z.string(),
  threshold: z
    .number()
    .describe(
      "Percent for cpu (used), memory (available) and disk (free); times the cores for load; the metric's own unit for custom.",
    ),
  duration_minutes: z.number().int(),
  severity: z.enum(ALERT_SEVERITIES),
  disks: z.array(z.string()).nullable().describe("The mounts watched; null for every disk."),
  services: z
    .array(z.string())
    .nullable()
    .describe("The services watched; null for every listed service."),
  metric: z.string().nullable().describe("A custom rule's metric name; null for the other kinds."),
  labels: z
    .record(z.string(), z.string())
    .nullable()
    .describe("The labels a custom rule's series must have; null for any series of the metric."),
  comparison: z
    .enum(AGENT_RULE_COMPARISONS)
    .nullable()
    .describe(
      "Whether a custom rule fires above or below its threshold; null for the other kinds.",
    ),
  condition: z.string().describe("The rule in words."),
  created_at: isoTime,
});
export type AgentRule = z.infer<typeof agentRuleResponse>;

export const agentRuleTemplateResponse = z.object({
  kind: z.enum(AGENT_RULE_KINDS),
  name: z.string(),
  condition: z.string(),
  threshold: z.number(),
  duration_minutes: z.number().int(),
  severity: z.enum(ALERT_SEVERITIES),
});

export const agentRuleListResponse = z.object({
  data: z.array(agentRuleResponse),
  templates: z.array(agentRuleTemplateResponse),
});
