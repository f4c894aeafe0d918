import type { CheckTimings } from "../monitors.ts";
import type { StepType } from "./multi-step-schema.ts";

/** `passed` and `failed` steps ran; a `skipped` step did not, and `error` says why. */
export type StepStatus = "passed" | "failed" | "skipped";

/** Why a step ran: on the normal path, or for a `failure` or `completion` dependency. */
export type StepPath = "normal" | "failure" | "completion";

/**
 * What one step of a multi-step run did, as stored with the run and shown in its log. Every
 * text in it has had the run's secure values replaced by the mask.
 */
export interface StepResult {
  name: string;
  type: StepType;
  status: StepStatus;
  path: StepPath;
  /** Milliseconds from the start of the run to the start of this step. */
  startedMs: number;
  durationMs: number;
  /** `http_request`: the request as sent, variables filled in. */
  request: { method: string; url: string } | null;
  /** `http_request`, and the assertions and extractions reading its response. */
  statusCode: number | null;
  timings: CheckTimings | null;
  /** `assertion`: the value found; `extract`: the value stored. */
  actual: string | null;
  /** `assertion`: the value expected, as text. */
  expected: string | null;
  /** `extract` and `script`: the variables the step set. */
  variables: string[] | null;
  /** `script`: what the script wrote with console.log, at most 20 lines. */
  logs: string[] | null;
  /** Why the step failed, or why it was skipped, as a sentence; null when it passed. */
  error: string | null;
}
