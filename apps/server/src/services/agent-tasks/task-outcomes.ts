import { AGENT_TASK_LIMITS, type CheckOutcome } from "@upwatch/core";

/** What a task came to, as its row keeps it and the Tasks tab shows it. */
export interface StoredTaskResult {
  status: "up" | "down";
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
}

/** A check that did not run (a failure, a timeout): a down check whose error says why. */
export function downOutcome(error: string): CheckOutcome {
  return {
    status: "down",
    responseTimeMs: null,
    timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
    statusCode: null,
    error,
  };
}

export function taskResultOf(outcome: CheckOutcome): StoredTaskResult {
  return {
    status: outcome.status === "up" ? "up" : "down",
    response_time_ms: outcome.responseTimeMs === null ? null : Math.round(outcome.responseTimeMs),
    status_code: outcome.statusCode,
    error: outcome.error === null ? null : outcome.error.slice(0, AGENT_TASK_LIMITS.errorLength),
  };
}

/** Reads a result column; anything unreadable is shown as no result. */
export function readTaskResult(json: string | null): StoredTaskResult | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as StoredTaskResult;
  } catch {
    return null;
  }
}
