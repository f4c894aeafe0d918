import {
  CHECK_OPTION_SCHEMAS,
  type CheckOutcome,
  type CheckSpec,
  MONITOR_LIMITS,
  MULTI_STEP_LIMITS,
  VARIABLE_NAME,
} from "@upwatch/core";
import { z } from "zod";
import { stepResultsMessage } from "./step-results.ts";

/** The longest job entry a runner reads: a multi-step spec of 25 steps with 64 KiB bodies fits. */
export const MAX_JOB_BYTES = 4 * 1024 * 1024;
/** The longest report the server reads: 200 results with long error sentences fit easily. */
export const MAX_REPORT_BYTES = 4 * 1024 * 1024;
/** Results one report may carry. */
export const MAX_RESULTS_PER_REPORT = 1000;

const REGION_NAME = /^[a-z0-9-]{1,64}$/;
const RUNNER_ID = /^run_[a-z2-7]{16}$/;

const region = z.string().regex(REGION_NAME);
const epochMs = z.number().int().min(0).max(8.64e15);
const milliseconds = z.number().min(0).max(86_400_000);

const target = z.string().min(1).max(2000);
const timeoutMs = z
  .number()
  .int()
  .min(1)
  .max(MONITOR_LIMITS.maxTimeoutSeconds * 1000);

const runLimitMs = z
  .number()
  .int()
  .min(1)
  .max(MULTI_STEP_LIMITS.runLimitSeconds * 1000);
/** The values of the secure variables a multi-step check refers to, for this run only. */
const secureValues = z
  .record(z.string().regex(VARIABLE_NAME), z.string().max(MULTI_STEP_LIMITS.maxVariableBytes))
  .refine((values) => Object.keys(values).length <= MULTI_STEP_LIMITS.maxVariables);

const specOf = <K extends keyof typeof CHECK_OPTION_SCHEMAS>(type: K, address = target) =>
  z.object({
    type: z.literal(type),
    target: address,
    timeoutMs,
    options: CHECK_OPTION_SCHEMAS[type],
    secureValues: secureValues.optional(),
    runLimitMs: runLimitMs.optional(),
  });

/** A check spec as @upwatch/core defines it, options included. */
const checkSpec = z.discriminatedUnion("type", [
  specOf("http"),
  specOf("keyword"),
  specOf("ping"),
  specOf("tcp"),
  specOf("dns"),
  specOf("ssl"),
  // A check of script and wait steps only has no request to name.
  specOf("multi_step", z.string().max(2000)),
]);

/** One check to run from one region at one planned time. */
export const CheckJob = z.object({
  monitorId: z.string().min(1).max(100),
  region,
  /** Epoch ms: when the server planned the check. */
  plannedAt: epochMs,
  /** Epoch ms: a runner must not start the check after this. */
  startBy: epochMs,
  spec: checkSpec,
});
export type CheckJob = z.infer<typeof CheckJob>;

const timing = milliseconds.nullable();

const checkOutcome = z.object({
  status: z.enum(["up", "down"]),
  responseTimeMs: timing,
  timings: z.object({ dnsMs: timing, connectMs: timing, tlsMs: timing, firstByteMs: timing }),
  statusCode: z.number().int().min(0).max(999).nullable(),
  error: z.string().max(10_000).nullable(),
  certificate: z
    .object({ fingerprint: z.string().min(1).max(200), validTo: z.number() })
    .optional(),
  steps: stepResultsMessage.optional(),
});

/** What one runner found for one job. */
export const RunnerResult = z.object({
  monitorId: z.string().min(1).max(100),
  region,
  plannedAt: epochMs,
  startedAt: epochMs,
  outcome: checkOutcome,
});
export type RunnerResult = z.infer<typeof RunnerResult>;

/** A batch of results, or a pure heartbeat, from one runner. */
export const RunnerReport = z.object({
  runnerId: z.string().regex(RUNNER_ID),
  token: z.string().min(1).max(200),
  region,
  version: z.string().min(1).max(64),
  sentAt: epochMs,
  results: z.array(RunnerResult).max(MAX_RESULTS_PER_REPORT),
  heartbeat: z.boolean(),
  inFlight: z.number().int().min(0).max(1_000_000),
  capacity: z.number().int().min(0).max(1_000_000),
});
export type RunnerReport = z.infer<typeof RunnerReport>;

/** What the leader answers a runner, or the admin command announces on revocation. */
export const RunnerControlMessage = z.object({
  runnerId: z.string().min(1).max(100),
  status: z.enum(["accepted", "refused", "revoked"]),
  detail: z.string().max(1000),
});
export type RunnerControlMessage = z.infer<typeof RunnerControlMessage>;

/** What servers tell each other. */
export const ServerControlMessage = z.object({
  kind: z.literal("runner-revoked"),
  runnerId: z.string().min(1).max(100),
});
export type ServerControlMessage = z.infer<typeof ServerControlMessage>;

/** Parses JSON text of at most `maxBytes` with a schema; null when it is too long or invalid. */
export function parseMessage<T>(
  schema: z.ZodType<T>,
  text: string | null | undefined,
  maxBytes: number,
): T | null {
  if (typeof text !== "string" || Buffer.byteLength(text) > maxBytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// The wire types must stay the domain's own, so a change in @upwatch/core fails here first.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const specMatchesCore: Same<CheckJob["spec"], CheckSpec> = true;
const outcomeMatchesCore: Same<RunnerResult["outcome"], CheckOutcome> = true;
void specMatchesCore;
void outcomeMatchesCore;
