import { useQueryClient } from "@tanstack/react-query";
import type { CheckView } from "@upwatch/api";
import type { StepResult } from "@upwatch/core";
import { useEffect, useRef } from "react";
import { queryKeys } from "../cache/queries.ts";
import { formatDateTime, formatMs } from "../monitors/format.ts";
import { RunStep } from "./run-step.tsx";
import { failingStep, stepsOf } from "./step-results.ts";
import { StepWaterfall } from "./step-waterfall.tsx";

/** How many runs the section lists; older ones stay in the checks table. */
const RUNS_SHOWN = 10;

interface Run {
  check: CheckView;
  steps: StepResult[];
}

function runsOf(checks: readonly CheckView[]): Run[] {
  const runs: Run[] = [];
  for (const check of checks) {
    const steps = stepsOf(check);
    if (steps) runs.push({ check, steps });
    if (runs.length === RUNS_SHOWN) break;
  }
  return runs;
}

function passedCount(steps: readonly StepResult[]): string {
  const passed = steps.filter((step) => step.status === "passed").length;
  return `${passed} of ${steps.length} ${steps.length === 1 ? "step" : "steps"} passed`;
}

/**
 * A live check can arrive without its steps; the list is then read again once for that check,
 * so the newest run's log appears without reloading the page.
 */
function useStepsOfNewestCheck(monitorId: string, newest: CheckView | undefined): void {
  const client = useQueryClient();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || stepsOf(newest) || asked.current === newest.id) return;
    asked.current = newest.id;
    void client.invalidateQueries({ queryKey: queryKeys.checks(monitorId) });
  }, [client, monitorId, newest]);
}

/** The last runs of a multi-step check, newest first, each step with its outcome and timing. */
export function MultiStepRuns({
  monitorId,
  checks,
}: {
  monitorId: string;
  checks: readonly CheckView[];
}) {
  useStepsOfNewestCheck(monitorId, checks[0]);
  const runs = runsOf(checks);
  if (runs.length === 0) {
    return <p className="app-muted">No runs yet. The first one starts within a few seconds.</p>;
  }
  const latestFailing = runs.find((run) => run.check.status === "down");
  return (
    <ol className="run-list">
      {runs.map((run, index) => {
        const failing = run.check.status === "down" ? failingStep(run.steps) : undefined;
        const anchor = `run-${run.check.id}-failing`;
        const passed = run.check.status === "up";
        return (
          <li key={run.check.id}>
            <details
              className={`run ${passed ? "run-passed" : "run-failed"}`}
              open={index === 0 || run === latestFailing}
            >
              <summary>
                <span className={`run-result step-outcome-${passed ? "passed" : "failed"}`}>
                  <span className="step-outcome-icon" aria-hidden="true">
                    {passed ? "✓" : "✕"}
                  </span>
                  {passed ? "Run passed" : "Run failed"}
                </span>
                <time dateTime={run.check.checked_at}>{formatDateTime(run.check.checked_at)}</time>
                <span>{passedCount(run.steps)}</span>
                <span>{formatMs(run.check.response_time_ms)}</span>
              </summary>
              {failing ? (
                <p className="run-failure">
                  <a href={`#${anchor}`}>Step “{failing.name}”</a>: {failing.error}
                </p>
              ) : null}
              <StepWaterfall
                steps={run.steps}
                label={`Steps of the run at ${formatDateTime(run.check.checked_at)}`}
              />
              <ol className="run-steps">
                {run.steps.map((step, stepIndex) => (
                  <RunStep
                    key={step.name}
                    step={step}
                    number={stepIndex + 1}
                    failedTheRun={step === failing}
                    anchor={step === failing ? anchor : undefined}
                  />
                ))}
              </ol>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
