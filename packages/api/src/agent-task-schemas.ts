import {
  AGENT_TASK_LIMITS,
  AGENT_TASK_STATES,
  checkOutcomeMessage,
  checkSpecMessage,
  MULTI_STEP_LIMITS,
  stepResultMessage,
  storableText,
} from "@upwatch/core";
import { z } from "zod";

/*
 * Proxy monitoring's contract. The agent side (`/agent/v1/tasks...`) carries the check and its
 * outcome in the same shapes runners use (`@upwatch/core`'s check messages), so an agent runs a
 * task with the server's own check runners and its result reads like theirs.
 */

const epochMs = z.number().int().min(0).max(8.64e15);

/** One proxied check as a poll hands it out: run `check` once and answer before `deadline_at`. */
export const agentCheckTaskSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.literal("check"),
  monitor_id: z.string().min(1).max(100),
  /** Epoch ms: when the check was due. */
  planned_at: epochMs,
  /** Epoch ms: a result after this is recorded as late and changes nothing. */
  deadline_at: epochMs,
  check: checkSpecMessage,
});
export type AgentCheckTask = z.infer<typeof agentCheckTaskSchema>;

/** `POST /agent/v1/tasks/{id}/started`: the agent is about to run the task (it becomes Executing). */
export const agentTaskStartedSchema = z.object({
  id: z.string(),
  state: z.literal("executing"),
});

/** Text of a result, stored with its check: it must be text a database can hold. */
const storable = (field: string, max: number) => z.string().check(storableText(field)).max(max);

/** A multi-step run's step as an agent reports it, every text storable. */
const storableStep = stepResultMessage.extend({
  name: storable("A step's name", 100),
  request: z
    .object({
      method: storable("A step's request method", 16),
      url: storable("A step's request URL", 10_000),
    })
    .nullable(),
  actual: storable("A step's actual value", 10_000).nullable(),
  expected: storable("A step's expected value", 10_000).nullable(),
  variables: z.array(storable("A step's variable name", 100)).max(100).nullable(),
  logs: z.array(storable("A step's log line", 10_000)).max(20).nullable(),
  error: storable("A step's error", 10_000).nullable(),
});

/**
 * `POST /agent/v1/tasks/{id}/result`: what the check found (`outcome`, with when it started), or
 * why the agent could not run it (`failure`, a sentence: an unsupported check type, a malformed
 * task).
 */
export const agentTaskResultSchema = z.union([
  z.strictObject({
    started_at: epochMs,
    // The outcome is stored as the check: every text of it must be one a database can hold.
    outcome: checkOutcomeMessage.extend({
      error: storable("The error", 10_000).nullable(),
      certificate: z
        .object({
          fingerprint: storable("The certificate fingerprint", 200).min(1),
          validTo: z.number(),
        })
        .optional(),
      steps: z.array(storableStep).max(MULTI_STEP_LIMITS.maxSteps).optional(),
    }),
  }),
  z.strictObject({
    failure: z
      .string()
      .check(storableText("The failure"))
      .min(1)
      .max(AGENT_TASK_LIMITS.errorLength),
  }),
]);
export type AgentTaskResult = z.infer<typeof agentTaskResultSchema>;

/** The answer to a stored result. */
export const agentTaskResultAcceptedSchema = z.object({
  id: z.string(),
  state: z.enum(["completed", "failed"]),
});

const isoTime = z.string().describe("ISO 8601 time");
const isoOrNull = isoTime.nullable();

const taskResult = z
  .object({
    status: z
      .enum(["up", "down"])
      .describe("down for Failed and Timeout: counted as failed checks"),
    response_time_ms: z.number().nullable(),
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .nullable();

/** One task as the account sees it (the agent's Tasks tab). */
export const agentTaskResponse = z.object({
  id: z.string(),
  monitor_id: z.string(),
  monitor_name: z.string(),
  check_type: z.string(),
  target: z.string(),
  state: z.enum(AGENT_TASK_STATES),
  planned_at: isoTime,
  deadline_at: isoTime,
  dispatched_at: isoOrNull.describe("When a poll last handed it out"),
  dispatch_count: z.number().int().describe("How many polls handed it out"),
  started_at: isoOrNull.describe("When the agent confirmed it started"),
  finished_at: isoOrNull,
  result: taskResult.describe("What it came to; null while open"),
  late_result: taskResult.describe(
    "A result that arrived after the task timed out; it changed nothing",
  ),
  late_at: isoOrNull,
  log: z
    .array(z.object({ at: isoTime, message: z.string() }))
    .describe("The agent's calls about this task that were refused, and why"),
});

/** A task list cursor, `<planned_at ms>.<task id>`: the last task of the previous page. */
export const AGENT_TASK_CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{1,100})$/;

export const agentTaskListResponse = z.object({
  data: z.array(agentTaskResponse),
  next_before: z
    .string()
    .nullable()
    .describe("Pass as before= for older tasks; null on the last page"),
  counts: z
    .record(z.enum(AGENT_TASK_STATES), z.number().int())
    .describe("Tasks per state over the past 24 hours"),
});

export const agentTaskListQuery = z.strictObject({
  state: z
    .enum(AGENT_TASK_STATES, {
      message: `state must be one of ${AGENT_TASK_STATES.join(", ")}.`,
    })
    .optional(),
  before: z
    .string()
    .regex(AGENT_TASK_CURSOR, { message: "before must be a next_before from an earlier page." })
    .optional(),
  limit: z.coerce
    .number({ message: "limit must be a whole number from 1 to 200." })
    .int({ message: "limit must be a whole number from 1 to 200." })
    .min(1, { message: "limit must be a whole number from 1 to 200." })
    .max(200, { message: "limit must be a whole number from 1 to 200." })
    .default(50),
});
