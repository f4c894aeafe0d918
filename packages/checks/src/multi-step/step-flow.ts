import type { MultiStep, StepPath, StepResult } from "@upwatch/core";
import { dependencyNames } from "./step-response.ts";

export type StepDecision =
  | { run: true; path: StepPath }
  | { run: false; path: StepPath; reason: string };

/**
 * Whether a step runs, by the help centre's rules. Without dependencies, or with `success`
 * ones, a step is on the normal path and runs only while that path has not failed; a `success`
 * step also needs each named step to have passed, and follows them off the normal path when
 * they are diagnostics or clean-up. A `failure` step runs when a named step failed; a
 * `completion` step once every named step ran, whatever its result.
 */
export function decideStep(
  step: MultiStep,
  results: ReadonlyMap<string, StepResult>,
  firstNormalFailure: string | undefined,
): StepDecision {
  const names = dependencyNames(step);
  const named = names.map((name) => ({ name, result: results.get(name) }));
  const kind = step.dependencies?.dependency_type ?? "success";
  if (names.length > 0 && kind === "failure") {
    const failed = named.some(({ result }) => result?.status === "failed");
    return failed
      ? { run: true, path: "failure" }
      : { run: false, path: "failure", reason: `Not run: ${noneFailed(names)}` };
  }
  if (names.length > 0 && kind === "completion") {
    const missed = named.find(({ result }) => result === undefined || result.status === "skipped");
    return missed
      ? { run: false, path: "completion", reason: `Not run: step "${missed.name}" did not run.` }
      : { run: true, path: "completion" };
  }
  const path =
    named.find(({ result }) => result && result.path !== "normal")?.result?.path ?? "normal";
  if (path === "normal" && firstNormalFailure !== undefined) {
    return { run: false, path, reason: `Not run: step "${firstNormalFailure}" failed.` };
  }
  const unmet = named.find(({ result }) => result?.status !== "passed");
  if (unmet) {
    const why = unmet.result?.status === "failed" ? "failed" : "did not run";
    return { run: false, path, reason: `Not run: step "${unmet.name}" ${why}.` };
  }
  return { run: true, path };
}

function noneFailed(names: string[]): string {
  if (names.length === 1) return `step "${names[0]}" did not fail.`;
  return `none of the steps ${names.map((name) => `"${name}"`).join(", ")} failed.`;
}
