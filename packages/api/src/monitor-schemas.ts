import {
  AGENT_CHECK_REGION,
  ALERT_CHANNELS,
  CHECK_TYPES,
  createMonitorSchema,
  HEARTBEAT_CHECK_REGION,
  HEARTBEAT_SIGNALS,
  MAX_CHECK_PAGE_SIZE,
  PLAN_IDS,
  REGION_RULES,
  REGIONS,
  RUN_FROM,
  STATS_RANGES,
  updateMonitorSchema,
} from "@upwatch/core";
import { z } from "zod";
import { severitiesResponse } from "./channel-link-schemas.ts";
import { groupFilterQuery } from "./group-schemas.ts";
import { stepResultResponse } from "./step-result-schema.ts";

/** Request bodies: the same schemas validate requests and describe them in the OpenAPI document. */
export const requestSchemas = {
  createMonitor: createMonitorSchema,
  updateMonitor: updateMonitorSchema,
};

const RANGES = Object.keys(STATS_RANGES) as [
  keyof typeof STATS_RANGES,
  ...(keyof typeof STATS_RANGES)[],
];

export const checksQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${MAX_CHECK_PAGE_SIZE}.` })
    .int({ message: `limit must be a whole number from 1 to ${MAX_CHECK_PAGE_SIZE}.` })
    .min(1, { message: `limit must be a whole number from 1 to ${MAX_CHECK_PAGE_SIZE}.` })
    .max(MAX_CHECK_PAGE_SIZE, {
      message: `limit must be a whole number from 1 to ${MAX_CHECK_PAGE_SIZE}.`,
    })
    .default(50),
  before: z.coerce
    .number({ message: "before must be the next_before value of the previous page." })
    .int({ message: "before must be the next_before value of the previous page." })
    .positive({ message: "before must be the next_before value of the previous page." })
    .optional()
    .describe(
      "Epoch milliseconds: only checks older than this (the next_before of the last page).",
    ),
});

export const statsQuerySchema = z.strictObject({
  range: z.enum(RANGES, { message: `range must be one of ${RANGES.join(", ")}.` }).default("24h"),
});

/** The periods the per-region latency chart offers. */
export const REGION_LATENCY_PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type RegionLatencyPeriod = (typeof REGION_LATENCY_PERIODS)[number];

export const regionLatencyQuerySchema = z.strictObject({
  period: z
    .enum(REGION_LATENCY_PERIODS, {
      message: `period must be one of ${REGION_LATENCY_PERIODS.join(", ")}.`,
    })
    .default("24h")
    .describe("24h in half hours, 7d in hours, 30d and 90d in days."),
});

const isoTime = z.string().describe("ISO 8601 time");
const ms = z.number().nullable();

/** What a heartbeat monitor's last pings said; the live `heartbeat` event carries it alone. */
export const heartbeatPingsResponse = z.object({
  last_ping_at: isoTime.nullable().describe("When any ping last arrived"),
  last_started_at: isoTime.nullable().describe("When the job last said it started"),
  last_run_ms: z
    .number()
    .int()
    .nullable()
    .describe("How long the last run took, from its start signal to its end"),
  last_signal: z.enum(HEARTBEAT_SIGNALS).nullable().describe("What the last ping said"),
  last_body: z
    .string()
    .nullable()
    .describe("The first KiB of the last ping's body, control characters escaped"),
});

export const monitorResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CHECK_TYPES),
  target: z.string(),
  interval_seconds: z.number().int(),
  timeout_seconds: z.number().int(),
  region: z.enum(REGIONS).describe("The first of regions."),
  regions: z.array(z.enum(REGIONS)).describe("The regions each check runs from."),
  region_rule: z
    .enum(REGION_RULES)
    .describe("How many regions must fail a check for it to count as failed."),
  unserved_regions: z
    .array(z.enum(REGIONS))
    .describe("Regions of the monitor that no runner serves right now; nothing is checked there."),
  run_from: z
    .enum(RUN_FROM)
    .describe(
      "regions, or agent: each planned check is a task for the agent (regions are then unused).",
    ),
  agent_id: z
    .string()
    .nullable()
    .describe(
      "The agent an agent-run monitor runs from; null when it runs from regions or its agent was deleted.",
    ),
  agent: z
    .object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["waiting", "online", "offline"]),
      proxy_capable: z.boolean(),
    })
    .nullable()
    .describe(
      "The agent it runs from, as it is now; null when it runs from regions or its agent was deleted.",
    ),
  runner_problem: z
    .string()
    .nullable()
    .describe(
      "Why an agent-run monitor's checks are missed or time out right now (agent deleted, key revoked, offline, not proxy-capable), as a sentence; null otherwise.",
    ),
  failure_threshold: z.number().int(),
  recovery_confirmations: z.number().int(),
  paused: z.boolean(),
  group_ids: z.array(z.string()).describe("The groups the monitor belongs to (grp_ ids)."),
  options: z
    .record(z.string(), z.unknown())
    .describe(
      "The type's options; passwords, tokens and secret or credential-named header values are shown masked.",
    ),
  heartbeat: z
    .object({
      ping_url: z
        .string()
        .nullable()
        .describe(
          "The secret URL the job pings; /start and /fail may follow it. Null for callers that may not manage monitors: the URL is the job's credential.",
        ),
      ...heartbeatPingsResponse.shape,
    })
    .nullable()
    .describe("A heartbeat monitor's ping URL and its last pings; null for other types."),
  state: z
    .enum(["unknown", "up", "down"])
    .describe("unknown until a conclusive check; down after failure_threshold failures in a row"),
  consecutive_failures: z.number().int(),
  last_checked_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const monitorListResponse = z.object({ data: z.array(monitorResponse) });

/** `GET /monitors/:id`: the monitor with the channels its alerts go to. */
export const monitorDetailResponse = monitorResponse.extend({
  effective_channels: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.enum(ALERT_CHANNELS),
        via: z
          .enum(["monitor", "group"])
          .describe("monitor when attached to the monitor itself, else group."),
        group_ids: z
          .array(z.string())
          .describe(
            "The monitor's groups that attach the channel; empty when only the monitor does.",
          ),
        severities: severitiesResponse.describe(
          "The severities it receives from this monitor: those of the monitor's attachment and its groups' together.",
        ),
      }),
    )
    .describe(
      "Its own channels and its groups' channels, each once: each alert goes to those that receive its severity.",
    ),
});

/** `GET /monitors` and `GET /monitors/overview`: optionally only monitors in any of some groups. */
export const monitorFilterQuerySchema = z.strictObject({ group: groupFilterQuery });

const timings = z
  .object({ dns_ms: ms, connect_ms: ms, tls_ms: ms, first_byte_ms: ms })
  .nullable()
  .describe("Per-phase timing; null on plans without DNS and TTFB timings.");

export const checkResultResponse = z.object({
  id: z
    .string()
    .describe("chk_, the check's start time and its region; the check_id of its notifications"),
  checked_at: isoTime,
  planned_at: isoTime.describe("When the check was due; checks of one round share it."),
  status: z.enum(["up", "down"]),
  response_time_ms: ms,
  timings,
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  region: z
    .enum([...REGIONS, AGENT_CHECK_REGION, HEARTBEAT_CHECK_REGION])
    .describe(
      "The region it ran from, agent for an agent-run monitor's check, heartbeat for a heartbeat's",
    ),
  steps: z
    .array(stepResultResponse)
    .nullable()
    .describe("A multi-step check's steps in this run; null for other types"),
});

const monitorStatusField = z
  .enum(["up", "down", "paused", "pending"])
  .describe("paused while paused; pending until a conclusive check; otherwise up or down");

export const monitorOverviewResponse = z.object({
  data: z.array(
    z.object({
      monitor_id: z.string(),
      status: monitorStatusField,
      regions: z.array(z.enum(REGIONS)),
      last_checked_at: isoTime.nullable(),
      last_response_time_ms: ms,
      uptime_24h: z
        .number()
        .nullable()
        .describe("Percent of the checks in the bars that were up; null without checks."),
      bars: z
        .array(z.object({ start: isoTime, up: z.number().int(), down: z.number().int() }))
        .describe("48 half-hour buckets, oldest first; the last one holds the current half hour."),
    }),
  ),
});

export const checkPageResponse = z.object({
  data: z.array(checkResultResponse),
  next_before: z.number().nullable(),
});

export const statsResponse = z.object({
  range: z.enum(RANGES),
  from: isoTime,
  to: isoTime,
  source: z.enum(["raw", "hourly", "daily"]),
  checks: z.number().int(),
  up_checks: z.number().int(),
  uptime_percent: z.number().nullable(),
  response_time: z.object({ average_ms: ms, p95_ms: ms }),
  phases: timings,
  regions: z
    .array(
      z.object({
        region: z.enum(REGIONS),
        uptime_percent: z.number().nullable(),
        checks: z.number().int(),
        missed: z
          .number()
          .int()
          .describe("Planned checks no runner of the region answered; never counted as down."),
        avg_response_ms: ms,
        p50_response_ms: ms,
        p95_response_ms: ms,
      }),
    )
    .describe("The same range per region of the monitor; percentiles estimated from histograms."),
});

export const regionLatencyResponse = z.object({
  period: z.enum(REGION_LATENCY_PERIODS),
  bucket_seconds: z.number().int().describe("1800, 3600 or 86400"),
  regions: z.array(
    z.object({
      region: z.enum(REGIONS),
      points: z
        .array(
          z.object({
            t: z.number().int().describe("Start of the bucket, epoch milliseconds"),
            avg_ms: ms,
            p95_ms: ms,
            uptime_percent: z.number().nullable(),
            checks: z.number().int(),
            missed: z.number().int(),
          }),
        )
        .describe("Buckets with checks or missed checks, oldest first."),
    }),
  ),
});

export const regionListResponse = z.object({
  regions: z.array(
    z.object({
      region: z.enum(REGIONS),
      location: z.string(),
      served: z.boolean().describe("Checked in-process here, or by a live runner."),
      local: z.boolean().describe("The region this deployment checks in-process."),
      runners: z.number().int().describe("Runners that sent a heartbeat in the last 20 seconds."),
      outage_since: z
        .number()
        .int()
        .nullable()
        .describe(
          "When the region's current runner outage began, epoch milliseconds; null when none is open.",
        ),
    }),
  ),
});

export const accountResponse = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(PLAN_IDS),
  limits: z.object({
    /** Monitors the account may keep active, its extra monitors counted; null for no limit. */
    monitors: z.number().int().nullable(),
    /** Agents the account may have, its extra agents counted; null for no limit. */
    agents: z.number().int().nullable(),
    min_interval_seconds: z.number().int(),
    all_check_types: z.boolean(),
    /** API requests an hour through keys; null for no limit. */
    api_requests_per_hour: z.number().int().nullable(),
    /** Days of check history the account keeps: its plan's, or its own choice on Enterprise+. */
    history_days: z.number().int(),
  }),
  monitors: z.number().int(),
  /** Monitors not paused; resuming one is refused once this reaches `limits.monitors`. */
  active_monitors: z.number().int(),
});

/** Every error answer: a sentence for the person who made the request. */
export const problemResponse = z.object({ detail: z.string() });
