import { MULTI_STEP_LIMITS, STEP_TYPES, type StepResult } from "@upwatch/core";
import { z } from "zod";

const text = (max: number) => z.string().max(max);
const timing = z.number().min(0).max(86_400_000).nullable();

/** One step of a multi-step run as a runner reports it (secure values already masked). */
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

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const stepMatchesCore: Same<z.infer<typeof stepResultMessage>, StepResult> = true;
void stepMatchesCore;
