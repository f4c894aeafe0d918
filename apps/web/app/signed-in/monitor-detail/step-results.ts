import type { StepResult } from "@upwatch/core";

const STATUSES = new Set(["passed", "failed", "skipped"]);

function isStepResult(value: unknown): value is StepResult {
  if (typeof value !== "object" || value === null) return false;
  const step = value as Record<string, unknown>;
  return (
    typeof step.name === "string" &&
    typeof step.type === "string" &&
    typeof step.status === "string" &&
    STATUSES.has(step.status) &&
    typeof step.startedMs === "number" &&
    typeof step.durationMs === "number"
  );
}

/**
 * The steps a multi-step run recorded, or null for other checks. Read from the check as sent,
 * so a check without the field (or with one that is not a list of steps) shows no run log.
 */
export function stepsOf(check: object): StepResult[] | null {
  const steps = (check as { steps?: unknown }).steps;
  if (!Array.isArray(steps)) return null;
  return steps.every(isStepResult) ? steps : null;
}

/** The first step on the normal path that failed: the one that failed the run. */
export function failingStep(steps: readonly StepResult[]): StepResult | undefined {
  return (
    steps.find((step) => step.status === "failed" && step.path === "normal") ??
    steps.find((step) => step.status === "failed")
  );
}
