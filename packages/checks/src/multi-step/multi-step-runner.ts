import {
  type CheckOutcome,
  type CheckSpecOf,
  type CheckTimings,
  type MultiStep,
  NO_TIMINGS,
  type StepResult,
} from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { type CheckContext, type CheckRunner, roundMs } from "../runner.ts";
import { runAssertionStep } from "./assertion-step.ts";
import { runExtractStep } from "./extract-step.ts";
import { runHttpStep } from "./http-step.ts";
import { createMask, maskDeep } from "./masking.ts";
import { runLimitSentence } from "./run-limit.ts";
import type { RunState, StepHandler, StepReport } from "./run-state.ts";
import { startVariables } from "./run-variables.ts";
import { type ScriptRunner, sandboxScriptRunner } from "./script-runner.ts";
import { runScriptStep } from "./script-step.ts";
import { decideStep } from "./step-flow.ts";
import { runWaitStep } from "./wait-step.ts";

export interface MultiStepRunnerOptions {
  /** Runs script steps; the QuickJS sandbox unless given. */
  runScript?: ScriptRunner;
}

const HANDLERS: { [K in MultiStep["type"]]: StepHandler<Extract<MultiStep, { type: K }>> } = {
  http_request: runHttpStep,
  extract: runExtractStep,
  assertion: runAssertionStep,
  wait: runWaitStep,
  script: runScriptStep,
};

/**
 * `multi_step`: runs the steps in `order_index` order by their dependency rules. The run is up
 * only when every normal-path step passed; secure values are masked in everything it returns.
 */
export function createMultiStepRunner(
  options: MultiStepRunnerOptions = {},
): CheckRunner<"multi_step"> {
  const runScript = options.runScript ?? sandboxScriptRunner;
  return {
    run: (spec, context) => runSteps(spec, context, runScript),
  };
}

export const multiStepRunner = createMultiStepRunner();

async function runSteps(
  spec: CheckSpecOf<"multi_step">,
  context: CheckContext,
  runScript: ScriptRunner,
): Promise<CheckOutcome> {
  const started = performance.now();
  const mask = createMask(spec.secureValues);
  const state: RunState = {
    ...startVariables(spec.options.variables, spec.secureValues),
    secureValues: new Set(Object.values(spec.secureValues ?? {}).filter((value) => value !== "")),
    responses: new Map(),
    readBy: new Map(),
    latest: null,
    results: new Map(),
    requestTimeoutMs: spec.timeoutMs,
    network: context.network,
    signal: context.signal,
    runScript,
    mask,
  };
  const limitSentence = runLimitSentence(spec.runLimitMs ?? spec.timeoutMs);
  const timings: CheckTimings[] = [];
  let firstNormalFailure: string | undefined;
  let stopped: string | undefined;
  const steps = [...spec.options.steps].sort((a, b) => a.order_index - b.order_index);
  for (const step of steps) {
    const decision = decideStep(step, state.results, firstNormalFailure);
    const stepStarted = performance.now();
    const base = {
      name: step.name,
      type: step.type,
      path: decision.path,
      startedMs: roundMs(stepStarted - started),
    };
    if (stopped !== undefined || !decision.run) {
      const reason =
        stopped !== undefined
          ? `Not run: ${lowerFirst(stopped)}`
          : (decision as { reason: string }).reason;
      state.results.set(step.name, {
        ...base,
        ...emptyReport(),
        status: "skipped",
        durationMs: 0,
        error: reason,
      });
      continue;
    }
    let report: StepReport;
    try {
      if (context.signal.aborted) throw context.signal.reason;
      report = await untilAborted(
        (HANDLERS[step.type] as StepHandler)(step, state),
        context.signal,
      );
    } catch (error) {
      if (context.signal.aborted) stopped = stopSentence(context.signal.reason, limitSentence);
      report = { error: stopped ?? describeStepError(error) };
    }
    if (report.timings) timings.push(report.timings);
    const status = report.error === null ? "passed" : "failed";
    state.results.set(step.name, {
      ...base,
      ...emptyReport(),
      ...report,
      status,
      durationMs: roundMs(performance.now() - stepStarted),
    });
    if (status === "failed" && decision.path === "normal") firstNormalFailure ??= step.name;
  }
  const results = steps.map((step) => state.results.get(step.name) as StepResult);
  // A run stopped at its limit fails even when only a clean-up or diagnostic step was cut short.
  const failing =
    results.find((result) => result.path === "normal" && result.status !== "passed") ??
    (stopped === undefined ? undefined : results.find((result) => result.error === stopped));
  const outcome: CheckOutcome = {
    status: failing ? "down" : "up",
    responseTimeMs: roundMs(performance.now() - started),
    timings: timings.length === 0 ? { ...NO_TIMINGS } : sumTimings(timings),
    statusCode: state.latest?.status ?? null,
    error: failing ? `Step "${failing.name}": ${failing.error}` : null,
    steps: results,
  };
  return maskDeep(outcome, mask);
}

/** Settles with `work`, or rejects as soon as the run is stopped, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

function emptyReport(): Omit<
  StepResult,
  "name" | "type" | "status" | "path" | "startedMs" | "durationMs"
> {
  return {
    request: null,
    statusCode: null,
    timings: null,
    actual: null,
    expected: null,
    variables: null,
    logs: null,
    error: null,
  };
}

function describeStepError(error: unknown): string {
  if (error instanceof CheckError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `The step could not run: ${message}`;
}

function stopSentence(reason: unknown, limitSentence: string): string {
  return reason instanceof Error && reason.message ? reason.message : limitSentence;
}

function lowerFirst(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function sumTimings(all: CheckTimings[]): CheckTimings {
  const total: CheckTimings = { ...NO_TIMINGS };
  for (const timings of all) {
    for (const key of ["dnsMs", "connectMs", "tlsMs", "firstByteMs"] as const) {
      const value = timings[key];
      if (value !== null) total[key] = roundMs((total[key] ?? 0) + value);
    }
  }
  return total;
}
