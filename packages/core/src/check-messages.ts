import { z } from "zod";
import { CHECK_OPTION_SCHEMAS, type CheckSpec } from "./monitor-options.ts";
import { type CheckOutcome, MONITOR_LIMITS } from "./monitors.ts";
import { MULTI_STEP_LIMITS } from "./multi-step/multi-step-limits.ts";
import { STEP_TYPES, VARIABLE_NAME } from "./multi-step/multi-step-schema.ts";
import type { StepResult } from "./multi-step/step-result.ts";

/*
 * Checks and their outcomes as they travel between processes: to runners through the broker,
 * and to and from agents as proxy tasks. Every field is bounded; the types must stay the
 * domain's own (see the end of the file).
 */

const milliseconds = z.number().min(0).max(86_400_000);

const text = (max: number) => z.string().max(max);
const timing = milliseconds.nullable();

/** One step of a multi-step run as a runner reports it (secure values already masked). */
/** One step of a multi-step run as reported (secure values already masked). */
export const stepResultMessage = z.object({
  name: text(100),
  type: z.enum(STEP_TYPES),
  status: z.enum(["passed", "failed", "skipped"]),
  path: z.enum(["normal", "failure", "completion"]),
  startedMs: z.number().min(0).max(86_400_000),
  durationMs: z.number().min(0).max(86_400_000),
  request: z.object({ method: text(16), url: text(10_000) }).nullable(),
  statusCode: z.number().int().min(0).max(999).nullable(),
  timings: z
    .object({ dnsMs: timing, connectMs: timing, tlsMs: timing, firstByteMs: timing })
    .nullable(),
  actual: text(10_000).nullable(),
  expected: text(10_000).nullable(),
  variables: z.array(text(100)).max(100).nullable(),
  logs: z.array(text(10_000)).max(20).nullable(),
  error: text(10_000).nullable(),
});

/** The steps of one run: at most the limit of steps a check may have. */
export const stepResultsMessage = z.array(stepResultMessage).max(MULTI_STEP_LIMITS.maxSteps);

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
export const checkSpecMessage = z.discriminatedUnion("type", [
  specOf("http"),
  specOf("keyword"),
  specOf("ping"),
  specOf("tcp"),
  specOf("dns"),
  specOf("ssl"),
  // A check of script and wait steps only has no request to name.
  specOf("multi_step", z.string().max(2000)),
]);

/** What a check found, as a runner or agent reports it. */
export const checkOutcomeMessage = z.object({
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

// The wire types must stay the domain's own, so a change in the domain fails here first.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const specMatchesDomain: Same<z.infer<typeof checkSpecMessage>, CheckSpec> = true;
const outcomeMatchesDomain: Same<z.infer<typeof checkOutcomeMessage>, CheckOutcome> = true;
const stepMatchesDomain: Same<z.infer<typeof stepResultMessage>, StepResult> = true;
void specMatchesDomain;
void outcomeMatchesDomain;
void stepMatchesDomain;
