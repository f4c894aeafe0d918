import type { CheckOutcome, CheckSpec, ScheduledCheckType } from "@upwatch/core";
import { multiStepRunner } from "./multi-step/multi-step-runner.ts";
import { type CheckRunners, type RunCheckOptions, runWithLimit } from "./run-with-limit.ts";
import { SINGLE_REQUEST_RUNNERS } from "./single-request.ts";

export type { RunCheckOptions } from "./run-with-limit.ts";

/** The one place check types meet their runners. */
export const CHECK_RUNNERS: CheckRunners<ScheduledCheckType> = {
  ...SINGLE_REQUEST_RUNNERS,
  multi_step: multiStepRunner,
};

/**
 * Runs one check of any type with its timeout enforced and never throws: a refused address, a
 * network error or a timeout becomes a down outcome with a sentence saying why.
 */
export function runCheck(spec: CheckSpec, options: RunCheckOptions): Promise<CheckOutcome> {
  return runWithLimit(CHECK_RUNNERS, spec, options);
}
