import type { ApiAnswer } from "../client/api-client.ts";
import { NetworkProblem } from "../client/network-problem.ts";

/** When and for how long a call about a task may be repeated. */
export interface Retrying {
  /** Wall-clock time in epoch milliseconds. */
  now: () => number;
  /** The wait before retry `attempt` (1 for the first retry). */
  retryDelayMs: (attempt: number) => number;
  /** Aborted when the agent stops: retries end at once. */
  signal: AbortSignal;
}

/** One call about a task and what its answers mean. */
export interface Attempts<End> {
  ask: () => Promise<ApiAnswer>;
  /** The end an answer brings, or null when the call is to be made again. */
  endOf: (answer: ApiAnswer) => End | null;
  /** Told, as a sentence, when a call got no answer at all. */
  onNoAnswer: (problem: string) => void;
  /** Whether a call made at `at` (epoch milliseconds) is still worth making. */
  worthMakingAt: (at: number) => boolean;
}

/** How the attempts ended: with an answer that ends them, or by giving up. */
export type Retried<End> = { end: End } | { gaveUp: "out-of-time" | "stopped" };

const MAX_RETRY_AFTER_MS = 60_000;

/** 1, 2, 4 ... seconds between attempts, at most 30. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

/** Answers that say "not now" rather than "no": a busy, failing or rate-limiting server. */
export function isWorthRetrying(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Makes the call until an answer ends it. After no answer or one that does not end it, waits the
 * backoff or the server's Retry-After, whichever is longer, and calls again while the next call is
 * still worth making and the agent has not stopped. The first call is always made.
 */
export async function retryWithBackoff<End>(
  attempts: Attempts<End>,
  retrying: Retrying,
): Promise<Retried<End>> {
  const { now, signal } = retrying;
  for (let attempt = 1; ; attempt++) {
    let answer: ApiAnswer | null = null;
    try {
      answer = await attempts.ask();
    } catch (error) {
      attempts.onNoAnswer(error instanceof NetworkProblem ? error.message : String(error));
    }
    const end = answer ? attempts.endOf(answer) : null;
    if (end !== null) return { end };
    if (signal.aborted) return { gaveUp: "stopped" };
    const retryAfterMs = Math.min(MAX_RETRY_AFTER_MS, (answer?.retryAfterSeconds ?? 0) * 1000);
    const waitMs = Math.max(retrying.retryDelayMs(attempt), retryAfterMs);
    if (!attempts.worthMakingAt(now() + waitMs)) return { gaveUp: "out-of-time" };
    if (!(await waitUnlessAborted(waitMs, signal))) return { gaveUp: "stopped" };
  }
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}
