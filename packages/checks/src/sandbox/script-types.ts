import { MULTI_STEP_LIMITS } from "@upwatch/core";

/** The last request's response as a script sees it (`response` global), or null. */
export interface ScriptResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  time_ms: number;
}

export interface ScriptInput {
  source: string;
  /** The run's variables; the script sees them as `vars`. */
  variables: Record<string, string>;
  response: ScriptResponse | null;
  /** Takes the script out of the queue when the run it belongs to is stopped first. */
  signal?: AbortSignal | undefined;
  /** Hides secret values in logs and errors; applied before they are cut to their limits. */
  maskText?: ((text: string) => string) | undefined;
}

/** `variables` holds only the keys the script added or changed. */
export type ScriptOutcome =
  | { ok: true; variables: Record<string, string>; logs: string[] }
  | { ok: false; error: string; logs: string[] };

export const SCRIPT_LIMITS = {
  timeoutMs: MULTI_STEP_LIMITS.scriptTimeoutMs,
  memoryBytes: MULTI_STEP_LIMITS.scriptMemoryBytes,
  /** QuickJS's own stack, so deep recursion ends as an error instead of crashing the worker. */
  stackBytes: 512 * 1024,
  /** A worker that has not answered this long after its deadline is replaced. */
  watchdogMs: MULTI_STEP_LIMITS.scriptTimeoutMs + 1000,
  logLines: 20,
  logLineChars: 500,
  errorChars: 300,
  /** What the worker hands back of a log line or an error; cut again after masking. */
  rawTextChars: 8000,
  /** Scripts waiting for the worker beyond this are refused rather than queued. */
  maxQueued: 500,
  /** How many variables one script may add to a run. */
  addedVariables: MULTI_STEP_LIMITS.maxVariables,
} as const;

export const SCRIPT_MESSAGES = {
  timedOut: `The script ran longer than ${MULTI_STEP_LIMITS.scriptTimeoutMs} ms and was stopped.`,
  outOfMemory: `The script used more than ${MULTI_STEP_LIMITS.scriptMemoryBytes / 1024 / 1024} MiB of memory and was stopped.`,
  unavailable: "Script error: the script sandbox could not start.",
  stopped: "Script error: the script sandbox was stopped before the script finished.",
  cancelled: "Script error: the run was stopped before the script's turn came.",
  busy: "Script error: the script sandbox has too many scripts waiting; this step was not run.",
} as const;
