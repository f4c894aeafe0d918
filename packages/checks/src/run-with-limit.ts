import type { CheckOutcome, CheckSpecOf, CheckTimings, ScheduledCheckType } from "@upwatch/core";
import { describeNetworkError } from "./check-error.ts";
import { RUN_LIMIT_GRACE_MS, runLimitSentence } from "./multi-step/run-limit.ts";
import type { NetworkAccess } from "./network/network-access.ts";
import { type CheckRunner, roundMs } from "./runner.ts";

/** The runners a caller may use, one per check type it runs. */
export type CheckRunners<T extends ScheduledCheckType> = { [K in T]: CheckRunner<K> };

export interface RunCheckOptions {
  network: NetworkAccess;
  /** Wall-clock time in epoch milliseconds. */
  now?: () => number;
  /** Aborts the check early, for example when the process stops. */
  signal?: AbortSignal;
}

/**
 * Runs one check with the runner `runners` has for its type, its timeout enforced, and never
 * throws: a refused address, a network error or a timeout becomes a down outcome with a
 * sentence saying why. A multi-step check is bounded in all by its run limit (its timeout
 * bounds each request), and is given a moment after the limit to report which step it stopped at.
 */
export async function runWithLimit<T extends ScheduledCheckType>(
  runners: CheckRunners<T>,
  spec: CheckSpecOf<T>,
  options: RunCheckOptions,
): Promise<CheckOutcome> {
  const timeout = new AbortController();
  const signal = timeout.signal;
  const multiStep = spec.type === "multi_step";
  const limitMs = multiStep ? (spec.runLimitMs ?? spec.timeoutMs) : spec.timeoutMs;
  const seconds = limitMs / 1000;
  const timeoutError = new Error(
    multiStep
      ? runLimitSentence(limitMs)
      : `No complete answer within ${seconds} second${seconds === 1 ? "" : "s"} (the monitor's timeout).`,
  );
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let grace: NodeJS.Timeout | undefined;
  let stopWith = () => {};
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timeout.abort(timeoutError);
      if (multiStep) grace = setTimeout(() => reject(timeoutError), RUN_LIMIT_GRACE_MS);
      else reject(timeoutError);
    }, limitMs);
    stopWith = () => {
      timeout.abort(options.signal?.reason);
      reject(options.signal?.reason);
    };
  });
  // A listener removed afterwards, not AbortSignal.any: that ties every check's signal to the
  // long-lived stop signal, which costs long garbage-collection pauses at scale.
  options.signal?.addEventListener("abort", stopWith, { once: true });
  if (options.signal?.aborted) stopWith();
  const context = { network: options.network, signal, now: options.now ?? Date.now };
  try {
    const runner = runners[spec.type as T] as CheckRunner<T>;
    const outcome = await Promise.race([runner.run(spec, context), expired]);
    return { ...outcome, timings: roundTimings(outcome.timings) };
  } catch (error) {
    const aborted = signal.aborted ? signal.reason : error;
    const message =
      aborted instanceof Error && aborted === timeoutError
        ? aborted.message
        : describeNetworkError(aborted, spec.target);
    return {
      status: "down",
      responseTimeMs: aborted === timeoutError ? roundMs(performance.now() - started) : null,
      timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
      statusCode: null,
      error: message,
    };
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    options.signal?.removeEventListener("abort", stopWith);
  }
}

function roundTimings(timings: CheckTimings): CheckTimings {
  const round = (value: number | null) => (value === null ? null : roundMs(value));
  return {
    dnsMs: round(timings.dnsMs),
    connectMs: round(timings.connectMs),
    tlsMs: round(timings.tlsMs),
    firstByteMs: round(timings.firstByteMs),
  };
}
