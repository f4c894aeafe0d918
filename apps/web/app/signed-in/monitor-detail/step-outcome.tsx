import type { StepStatus } from "@upwatch/core";

export const STEP_OUTCOMES: Record<StepStatus, { label: string; icon: string }> = {
  passed: { label: "Passed", icon: "✓" },
  failed: { label: "Failed", icon: "✕" },
  skipped: { label: "Skipped", icon: "–" },
};

/** A step's outcome as an icon and a word, so it never relies on colour alone. */
export function StepOutcome({ status }: { status: StepStatus }) {
  const outcome = STEP_OUTCOMES[status];
  return (
    <span className={`step-outcome step-outcome-${status}`}>
      <span className="step-outcome-icon" aria-hidden="true">
        {outcome.icon}
      </span>
      {outcome.label}
    </span>
  );
}
