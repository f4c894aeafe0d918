import {
  AGENT_CONFIG_RANGES,
  AGENT_LOG_LEVELS,
  AGENT_REPORT_LIMITS,
  CUSTOM_METRIC_LIMITS,
  LABEL_NAME_PATTERN,
  METRIC_NAME_PATTERN,
  storableText,
} from "@upwatch/core";
import { z } from "zod";

const limits = AGENT_REPORT_LIMITS;
const bytes = (what: string) =>
  z
    .number({ error: `${what} must be a number of bytes.` })
    .int({ error: `${what} must be a whole number of bytes.` })
    .min(0, { error: `${what} cannot be negative.` })
    .max(2 ** 53 - 1, { error: `${what} is too large to be true.` });
const percent = (what: string) =>
  z
    .number({ error: `${what} must be a percentage.` })
    .min(0, { error: `${what} must be between 0 and 100.` })
    .max(100, { error: `${what} must be between 0 and 100.` });
// Every text of a report is stored: the storable-text rule applies to each, naming it.
const name = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .check(storableText(what))
    .min(1, { error: `${what} cannot be empty.` })
    .max(max, { error: `${what} must be at most ${max} characters.` });
const time = (what: string) =>
  z
    .number({ error: `${what} must be a time in milliseconds since 1970.` })
    .int({ error: `${what} must be a whole number of milliseconds.` })
    .min(1_600_000_000_000, { error: `${what} is not a plausible time.` });
const threshold = (what: string) =>
  z
    .number()
    .min(AGENT_CONFIG_RANGES.threshold.min, { error: `${what} must be between 0 and 100.` })
    .max(AGENT_CONFIG_RANGES.threshold.max, { error: `${what} must be between 0 and 100.` });

/** Who is reporting: the agent program and the machine it runs on. */
export const agentIdentitySchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/, {
    error: "The agent version must look like 2.0.0.",
  }),
  hostname: name("The hostname", 255),
  /** The operating system's own name and release, such as `Debian GNU/Linux 12`. */
  platform: name("The platform", 200),
  arch: name("The architecture", 40),
  capabilities: z
    .array(name("A capability", 60))
    .max(20, { error: "An agent reports at most 20 capabilities." }),
});

/** The `agent.yaml` settings the app shows, so metrics over them can be marked high. */
export const agentReportedConfigSchema = z.strictObject({
  monitoring_interval: z
    .number()
    .int()
    .min(AGENT_CONFIG_RANGES.monitoring_interval.min)
    .max(AGENT_CONFIG_RANGES.monitoring_interval.max),
  cpu_threshold: threshold("cpu_threshold"),
  memory_threshold: threshold("memory_threshold"),
  disk_threshold: threshold("disk_threshold"),
  log_level: z.enum(AGENT_LOG_LEVELS),
});

export const agentDiskSchema = z
  .strictObject({
    mount: name("A disk's mount point", limits.nameLength),
    description: z
      .string({ error: "A disk's description must be text." })
      .check(storableText("A disk's description"))
      .max(limits.descriptionLength, {
        error: `A disk's description must be at most ${limits.descriptionLength} characters.`,
      }),
    total_bytes: bytes("A disk's total size"),
    used_bytes: bytes("A disk's used space"),
  })
  .refine((disk) => disk.used_bytes <= disk.total_bytes, {
    error: "A disk cannot use more space than it has.",
  });

export const AGENT_SERVICE_STATES = ["running", "stopped", "unknown"] as const;

export const agentServiceSchema = z.strictObject({
  name: name("A service name", limits.nameLength),
  state: z.enum(AGENT_SERVICE_STATES, {
    error: "A service's state must be running, stopped or unknown.",
  }),
});

const custom = CUSTOM_METRIC_LIMITS;

/** One series of the operator's own metrics: Prometheus name and labels, null for NaN or infinite. */
export const customMetricSampleSchema = z.strictObject({
  name: z
    .string({ error: "A custom metric's name must be text." })
    .max(custom.nameLength, {
      error: `A custom metric's name must be at most ${custom.nameLength} characters.`,
    })
    .regex(METRIC_NAME_PATTERN, {
      error: "A custom metric's name must be letters, digits, _ or :, not starting with a digit.",
    }),
  labels: z
    .record(
      z
        .string()
        .max(custom.labelNameLength, {
          error: `A label name must be at most ${custom.labelNameLength} characters.`,
        })
        .regex(LABEL_NAME_PATTERN, { error: "A label name must be letters, digits or _." })
        .refine((label) => !label.startsWith("__"), {
          error: "Label names starting with __ are reserved.",
        }),
      z
        .string({ error: "A label value must be text." })
        .check(storableText("A label value"))
        .max(custom.labelValueLength, {
          error: `A label value must be at most ${custom.labelValueLength} characters.`,
        }),
    )
    .refine((labels) => Object.keys(labels).length <= custom.labelsPerSeries, {
      error: `A custom metric has at most ${custom.labelsPerSeries} labels.`,
    }),
  value: z.number({ error: "A custom metric's value must be a number or null." }).nullable(),
});
export type CustomMetricSampleInput = z.infer<typeof customMetricSampleSchema>;

/** One sample of the machine, taken every `monitoring_interval`. */
export const agentSampleSchema = z
  .strictObject({
    sampled_at: time("sampled_at"),
    cpu_percent: percent("cpu_percent"),
    cores: z.number().int().min(1).max(4096, { error: "cores must be between 1 and 4096." }),
    /** 1, 5 and 15 minute load averages; null where the system has none (Windows). */
    load: z
      .strictObject({
        one: z.number().min(0).max(1e6),
        five: z.number().min(0).max(1e6),
        fifteen: z.number().min(0).max(1e6),
      })
      .nullable(),
    memory: z.strictObject({
      total_bytes: bytes("Total memory"),
      used_bytes: bytes("Used memory"),
      available_bytes: bytes("Available memory"),
    }),
    network: z.strictObject({
      rx_bytes_per_second: bytes("Received bytes per second"),
      tx_bytes_per_second: bytes("Sent bytes per second"),
    }),
    disks: z
      .array(agentDiskSchema)
      .max(limits.disks, { error: `A report carries at most ${limits.disks} disks.` }),
    services: z
      .array(agentServiceSchema)
      .max(limits.services, { error: `A report carries at most ${limits.services} services.` }),
    /** The operator's own series; left out by agents without sources and by older agents. */
    custom_metrics: z
      .array(customMetricSampleSchema)
      .max(custom.seriesPerReport, {
        error: `A report carries at most ${custom.seriesPerReport} custom metric series.`,
      })
      .optional(),
  })
  .refine((s) => s.memory.used_bytes <= s.memory.total_bytes, {
    error: "Used memory cannot be more than total memory.",
  })
  .refine((s) => s.memory.available_bytes <= s.memory.total_bytes, {
    error: "Available memory cannot be more than total memory.",
  });

/** `POST /agent/v1/reports`: a batch of samples, oldest first, with a batch id for replays. */
export const agentReportBatchSchema = z.strictObject({
  batch_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, {
    error: "batch_id must be 8 to 64 letters, digits, dashes or underscores.",
  }),
  /** The agent's clock when it sent the batch, to tell a wrong clock from old samples. */
  sent_at: time("sent_at"),
  agent: agentIdentitySchema,
  config: agentReportedConfigSchema,
  reports: z
    .array(agentSampleSchema)
    .min(1, { error: "A batch carries at least one report." })
    .max(limits.reportsPerBatch, {
      error: `A batch carries at most ${limits.reportsPerBatch} reports.`,
    }),
});

export type AgentIdentity = z.infer<typeof agentIdentitySchema>;
export type AgentReportedConfig = z.infer<typeof agentReportedConfigSchema>;
export type AgentSample = z.infer<typeof agentSampleSchema>;
export type AgentReportBatch = z.infer<typeof agentReportBatchSchema>;
export type AgentServiceState = (typeof AGENT_SERVICE_STATES)[number];

/** The answer to a stored batch. */
export const agentReportAcceptedSchema = z.object({
  accepted: z.number().int(),
  /** Seconds until the server expects the next poll for tasks. */
  poll_after_seconds: z.number().int(),
  /** Why the batch's custom metrics were not stored (the account's plan); null when they were. */
  custom_metrics_refused: z.string().nullable(),
});

/** `GET /agent/v1/identity`: which agent the key belongs to; the agent's `check` calls it. */
export const agentWhoAmISchema = z.object({
  agent: z.object({ id: z.string(), name: z.string(), os: z.string() }),
  server_time: z.number().int(),
});

/**
 * `GET /agent/v1/tasks`: work for the agent. Proxy monitoring adds task kinds; an agent takes
 * only those whose kind it knows and reports the rest as unsupported.
 */
export const agentTaskListSchema = z.object({
  tasks: z.array(z.object({ id: z.string(), kind: z.string() }).passthrough()),
  poll_after_seconds: z.number().int(),
});
export type AgentTaskList = z.infer<typeof agentTaskListSchema>;
