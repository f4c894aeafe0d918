import {
  type CheckOutcome,
  type CheckSpec,
  checkOutcomeMessage,
  checkSpecMessage,
} from "@upwatch/core";
import { z } from "zod";

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
/** The server's identity of a job; the runner hands it back with the job's result. */
const jobId = z.string().min(1).max(100);

/** One check to run from one region at one planned time. */
export const CheckJob = z.object({
  monitorId: z.string().min(1).max(100),
  region,
  /** Epoch ms: when the server planned the check. */
  plannedAt: epochMs,
  /** Epoch ms: a runner must not start the check after this. */
  startBy: epochMs,
  /** Absent only from servers of an earlier version. */
  jobId: jobId.optional(),
  spec: checkSpecMessage,
});
export type CheckJob = z.infer<typeof CheckJob>;

/** What one runner found for one job. */
export const RunnerResult = z.object({
  monitorId: z.string().min(1).max(100),
  region,
  plannedAt: epochMs,
  startedAt: epochMs,
  /** The job's `jobId`, as the job carried it. */
  jobId: jobId.optional(),
  outcome: checkOutcomeMessage,
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
