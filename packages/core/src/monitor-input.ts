import { z } from "zod";
import { isProxyCheckType, PROXY_CHECK_TYPES } from "./agents/agent-tasks.ts";
import { monitorGroupIdsField } from "./groups/group-input.ts";
import { CHECK_OPTION_SCHEMAS as O } from "./monitor-options.ts";
import { isHost, parseHostPort, parseHttpUrl, unbracket } from "./monitor-targets.ts";
import { CHECK_TYPES, type CheckType, MONITOR_LIMITS, REGIONS, type Region } from "./monitors.ts";
import { describeOptionsIssue } from "./multi-step/issue-sentence.ts";
import {
  multiStepBodyProblem,
  multiStepPatchProblem,
  normaliseMonitorBody,
} from "./multi-step/monitor-body.ts";
import { multiStepIssues } from "./multi-step/multi-step-rules.ts";
import { multiStepStructureSchema } from "./multi-step/multi-step-schema.ts";
import { multiStepTarget } from "./multi-step/templates.ts";
import { DEFAULT_REGION_RULE, REGION_RULES } from "./region-rules.ts";
import { storableText } from "./storable-text.ts";

const L = MONITOR_LIMITS;

const MULTI_STEP_TARGET_MESSAGE =
  "A multi-step monitor has no target: lists show its first http_request step's URL. Leave target out.";

/** What a valid target looks like for each type, as the sentence shown when it is not. */
const TARGET_RULES: Record<
  Exclude<CheckType, "multi_step" | "heartbeat">,
  { valid: (target: string) => boolean; hint: string }
> = {
  http: {
    valid: (t) => parseHttpUrl(t) !== undefined,
    hint: "a URL starting with http:// or https://",
  },
  keyword: {
    valid: (t) => parseHttpUrl(t) !== undefined,
    hint: "a URL starting with http:// or https://",
  },
  ping: { valid: (t) => isHost(unbracket(t)), hint: "a host name or IP address" },
  tcp: {
    valid: (t) => parseHostPort(t) !== undefined,
    hint: "host:port, such as db.example.com:5432",
  },
  dns: { valid: (t) => isHost(t), hint: "the domain name to look up, such as example.com" },
  ssl: {
    valid: (t) => parseHostPort(t, 443) !== undefined,
    hint: "a host name, optionally with a port, such as example.com or example.com:8443",
  },
};

const targetField = z
  .string({ message: "Give the monitor a target to check." })
  .check(storableText("The target"))
  .trim()
  .min(1, { message: "Give the monitor a target to check." })
  .max(2000, { message: "The target can be at most 2,000 characters." });

const HEARTBEAT_NOT_SENT = {
  target: "A heartbeat monitor has no target: the job pings the monitor's URL. Leave target out.",
  interval_seconds:
    "A heartbeat monitor has no interval: set options.period_seconds, how often the job pings.",
  timeout_seconds: "A heartbeat monitor has no timeout: set options.grace_seconds instead.",
  region: "A heartbeat monitor runs from no region: the job pings it. Leave region out.",
  regions: "A heartbeat monitor runs from no region: the job pings it. Leave regions out.",
  region_rule: "A heartbeat monitor runs from no region: leave region_rule out.",
} as const;

/** A field a heartbeat monitor does not take: refused with a sentence saying what to do. */
const notForHeartbeat = (field: keyof typeof HEARTBEAT_NOT_SENT) =>
  z
    .never({ message: HEARTBEAT_NOT_SENT[field] })
    .optional()
    .describe("Not sent for heartbeat monitors.");

const commonFields = {
  name: z
    .string({ message: "Give the monitor a name." })
    .check(storableText("The name"))
    .trim()
    .min(1, { message: "Give the monitor a name." })
    .max(100, { message: "The name can be at most 100 characters." }),
  interval_seconds: z
    .number({ message: "interval_seconds must be a whole number of seconds." })
    .int({ message: "interval_seconds must be a whole number of seconds." })
    .min(L.minIntervalSeconds, {
      message: `interval_seconds must be at least ${L.minIntervalSeconds}.`,
    })
    .max(L.maxIntervalSeconds, {
      message: `interval_seconds can be at most ${L.maxIntervalSeconds} (60 minutes).`,
    })
    .default(L.defaultIntervalSeconds),
  timeout_seconds: z
    .number({ message: "timeout_seconds must be a whole number of seconds." })
    .int({ message: "timeout_seconds must be a whole number of seconds." })
    .min(L.minTimeoutSeconds, { message: "timeout_seconds must be from 1 to 60." })
    .max(L.maxTimeoutSeconds, { message: "timeout_seconds must be from 1 to 60." })
    .default(L.defaultTimeoutSeconds),
  region: z
    .enum(REGIONS, { message: `region must be one of ${REGIONS.join(", ")}.` })
    .optional()
    .describe("The monitor's first region; the same as regions: [region]."),
  regions: z
    .array(z.enum(REGIONS, { message: `regions must be some of ${REGIONS.join(", ")}.` }), {
      message: "regions must be a list of regions.",
    })
    .min(1, { message: "regions must name at least one region." })
    .max(REGIONS.length, { message: `regions can name at most ${REGIONS.length} regions.` })
    .refine((regions) => new Set(regions).size === regions.length, {
      message: "regions must not name a region twice.",
    })
    .optional()
    .describe("The regions each check runs from, each once."),
  agent_id: z
    .string({ message: "agent_id must be an agent's id, or null to run from regions." })
    .min(1, { message: "agent_id must be an agent's id, or null to run from regions." })
    .max(100, { message: "agent_id must be an agent's id, or null to run from regions." })
    .check(storableText("agent_id"))
    .nullable()
    .default(null)
    .describe(
      "The agent the monitor runs from (proxy monitoring, Business and Enterprise+); null runs it from regions.",
    ),
  region_rule: z
    .enum(REGION_RULES, { message: `region_rule must be one of ${REGION_RULES.join(", ")}.` })
    .default(DEFAULT_REGION_RULE)
    .describe("How many regions must fail a check for it to count as failed."),
  failure_threshold: z
    .number({ message: "failure_threshold must be a whole number." })
    .int({ message: "failure_threshold must be a whole number." })
    .min(1, { message: `failure_threshold must be from 1 to ${L.maxFailureThreshold}.` })
    .max(L.maxFailureThreshold, {
      message: `failure_threshold must be from 1 to ${L.maxFailureThreshold}.`,
    })
    .default(L.defaultFailureThreshold),
  recovery_confirmations: z
    .number({ message: "recovery_confirmations must be a whole number." })
    .int({ message: "recovery_confirmations must be a whole number." })
    .min(1, {
      message: `recovery_confirmations must be from 1 to ${L.maxRecoveryConfirmations}.`,
    })
    .max(L.maxRecoveryConfirmations, {
      message: `recovery_confirmations must be from 1 to ${L.maxRecoveryConfirmations}.`,
    })
    .default(L.defaultRecoveryConfirmations),
  paused: z.boolean({ message: "paused must be true or false." }).default(false),
  group_ids: monitorGroupIdsField
    .optional()
    .describe("The account's groups the monitor belongs to; replaces the list on update."),
};

const TYPE_MESSAGE = `type must be one of ${CHECK_TYPES.join(", ")}.`;

const multiStepOptions = multiStepStructureSchema.superRefine((options, context) => {
  for (const issue of multiStepIssues(options)) {
    context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
});

const monitorSchema = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("http"),
        ...commonFields,
        target: targetField,
        options: O.http.prefault({}),
      }),
      z.strictObject({
        type: z.literal("keyword"),
        ...commonFields,
        target: targetField,
        options: O.keyword.prefault({} as never),
      }),
      z.strictObject({
        type: z.literal("ping"),
        ...commonFields,
        target: targetField,
        options: O.ping.prefault({}),
      }),
      z.strictObject({
        type: z.literal("tcp"),
        ...commonFields,
        target: targetField,
        options: O.tcp.prefault({}),
      }),
      z.strictObject({
        type: z.literal("dns"),
        ...commonFields,
        target: targetField,
        options: O.dns.prefault({}),
      }),
      z.strictObject({
        type: z.literal("ssl"),
        ...commonFields,
        target: targetField,
        options: O.ssl.prefault({}),
      }),
      z.strictObject({
        type: z.literal("multi_step"),
        ...commonFields,
        target: z
          .never({ message: MULTI_STEP_TARGET_MESSAGE })
          .optional()
          .describe("Not sent: lists show the first http_request step's URL."),
        options: multiStepOptions,
      }),
      z.strictObject({
        type: z.literal("heartbeat"),
        ...commonFields,
        target: notForHeartbeat("target"),
        interval_seconds: notForHeartbeat("interval_seconds"),
        timeout_seconds: notForHeartbeat("timeout_seconds"),
        region: notForHeartbeat("region"),
        regions: notForHeartbeat("regions"),
        region_rule: notForHeartbeat("region_rule"),
        options: O.heartbeat.prefault({}),
      }),
    ],
    { message: TYPE_MESSAGE },
  )
  .superRefine((monitor, context) => {
    if (monitor.type !== "multi_step" && monitor.type !== "heartbeat") {
      const rule = TARGET_RULES[monitor.type];
      if (!rule.valid(monitor.target)) {
        context.addIssue({
          code: "custom",
          path: ["target"],
          message: `A ${monitor.type} monitor's target must be ${rule.hint}.`,
        });
      }
    }
    if (monitor.region && monitor.regions && monitor.regions[0] !== monitor.region) {
      context.addIssue({
        code: "custom",
        path: ["region"],
        message: `region (${monitor.region}) and regions (${monitor.regions.join(", ")}) disagree: send regions alone, or a region that is the first of regions.`,
      });
    }
    if (monitor.agent_id !== null && !isProxyCheckType(monitor.type)) {
      context.addIssue({
        code: "custom",
        path: ["agent_id"],
        message: `A ${monitor.type} monitor cannot run from an agent; agents run ${PROXY_CHECK_TYPES.join(", ")} checks.`,
      });
    }
    if (monitor.type !== "heartbeat" && monitor.timeout_seconds > monitor.interval_seconds) {
      context.addIssue({
        code: "custom",
        path: ["timeout_seconds"],
        message: "timeout_seconds cannot be longer than interval_seconds.",
      });
    }
  })
  .transform((monitor) => {
    if (monitor.type === "multi_step") {
      return { ...monitor, target: multiStepTarget(monitor.options) };
    }
    if (monitor.type === "heartbeat") return heartbeatSettings(monitor);
    return monitor;
  });

/**
 * A heartbeat monitor keeps the columns every monitor has at their defaults: nothing runs it,
 * so its interval, timeout and regions are never used; its target is empty.
 */
function heartbeatSettings<M extends { type: "heartbeat" }>(monitor: M) {
  const { target, interval_seconds, timeout_seconds, region, regions, region_rule, ...rest } =
    monitor as M & Record<(typeof HEARTBEAT_UNUSED_FIELDS)[number], unknown>;
  return {
    ...(rest as Omit<M, (typeof HEARTBEAT_UNUSED_FIELDS)[number]>),
    target: "",
    interval_seconds: L.defaultIntervalSeconds as number,
    timeout_seconds: L.defaultTimeoutSeconds as number,
    region: undefined as Region | undefined,
    regions: undefined as Region[] | undefined,
    region_rule: DEFAULT_REGION_RULE as (typeof REGION_RULES)[number],
  };
}

/** The settings a heartbeat monitor never takes: dropped from a stored one before it is changed. */
export const HEARTBEAT_UNUSED_FIELDS = Object.keys(
  HEARTBEAT_NOT_SENT,
) as readonly (keyof typeof HEARTBEAT_NOT_SENT)[];

/**
 * `POST /api/v1/monitors`: a new monitor. Unknown fields are refused. A multi-step check may
 * come in the help centre's shape (top-level `variables` and `steps`, no `type`); it has no
 * target of its own: the answer's target is its first request's URL.
 */
export const createMonitorSchema = z.preprocess((body, context) => {
  const problem = multiStepBodyProblem(body);
  if (problem) context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  return normaliseMonitorBody(body);
}, monitorSchema);
export type CreateMonitorInput = z.output<typeof createMonitorSchema>;

/** The regions a new or changed monitor runs from; neither `region` nor `regions`: the default one. */
export function monitorRegions(
  input: { region?: Region | undefined; regions?: readonly Region[] | undefined },
  defaultRegion: Region,
): Region[] {
  if (input.regions) return [...input.regions];
  return [input.region ?? defaultRegion];
}

/**
 * `PATCH /api/v1/monitors/{id}`: the fields to change; the result is validated as a whole. A
 * multi-step check's `variables` and `steps` may come at the top level, becoming its options.
 */
export const updateMonitorSchema = z
  .strictObject({
    type: z.enum(CHECK_TYPES, { message: TYPE_MESSAGE }).optional(),
    name: commonFields.name.optional(),
    target: targetField.optional(),
    interval_seconds: commonFields.interval_seconds.unwrap().optional(),
    timeout_seconds: commonFields.timeout_seconds.unwrap().optional(),
    region: commonFields.region,
    regions: commonFields.regions,
    region_rule: commonFields.region_rule.unwrap().optional(),
    agent_id: commonFields.agent_id.unwrap().optional(),
    failure_threshold: commonFields.failure_threshold.unwrap().optional(),
    recovery_confirmations: commonFields.recovery_confirmations.unwrap().optional(),
    paused: commonFields.paused.unwrap().optional(),
    group_ids: commonFields.group_ids,
    options: z
      .record(z.string(), z.unknown(), { message: "options must be an object." })
      .optional()
      .describe("The type's options, replacing the current ones entirely."),
    variables: z
      .unknown()
      .optional()
      .describe("A multi-step check's variables, the same as options.variables."),
    steps: z
      .unknown()
      .optional()
      .describe("A multi-step check's steps, the same as options.steps."),
  })
  .superRefine((patch, context) => {
    const problem = multiStepPatchProblem(patch);
    if (problem) context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  })
  .transform(({ variables, steps, ...patch }) => {
    if (variables === undefined && steps === undefined) return patch;
    const options: Record<string, unknown> = {};
    if (variables !== undefined) options.variables = variables;
    if (steps !== undefined) options.steps = steps;
    // Top-level halves change only themselves: the server keeps the half not sent.
    return { ...patch, type: patch.type ?? ("multi_step" as const), options, partialOptions: true };
  });
export type UpdateMonitorInput = z.output<typeof updateMonitorSchema>;

/**
 * The first problem of a failed monitor parse, as one sentence naming the field. `input`, the
 * body as sent, lets a problem inside a multi-step check name its step.
 */
export function describeMonitorIssue(error: z.ZodError, input?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return "The monitor is not valid.";
  if (issue.code === "invalid_type" && issue.path.length === 0) {
    return "The request body must be a JSON object.";
  }
  if (issue.path[0] === "options" && (issue.path[1] === "steps" || issue.path[1] === "variables")) {
    const sent = normaliseMonitorBody(input) as { options?: unknown } | undefined;
    return describeOptionsIssue(
      { ...issue, path: issue.path.slice(1) },
      typeof sent === "object" && sent !== null ? sent.options : undefined,
    );
  }
  if (issue.code === "unrecognized_keys") {
    const where = issue.path.length ? ` in ${issue.path.join(".")}` : "";
    return `Unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
  }
  const path = issue.path.join(".");
  if (/[.!?]$/.test(issue.message)) return issue.message;
  return path ? `${path}: ${issue.message}.` : `${issue.message}.`;
}
