import type { StepResult } from "@upwatch/core";

/** Where one step's bar sits on the run's time line, in percent of the run's length. */
export interface WaterfallBar {
  leftPercent: number;
  widthPercent: number;
}

/** The smallest bar drawn, so an instant step is still visible. */
const MIN_WIDTH_PERCENT = 0.5;

/** The run's length: the end of its last step, whatever order the steps finished in. */
export function runLengthMs(
  steps: readonly Pick<StepResult, "startedMs" | "durationMs">[],
): number {
  return steps.reduce((end, step) => Math.max(end, step.startedMs + step.durationMs), 0);
}

/** Bars for each step by its start and duration relative to the whole run, kept inside 0-100. */
export function waterfallBars(
  steps: readonly Pick<StepResult, "startedMs" | "durationMs">[],
): WaterfallBar[] {
  const total = runLengthMs(steps);
  return steps.map((step) => {
    if (total <= 0) return { leftPercent: 0, widthPercent: MIN_WIDTH_PERCENT };
    const left = clamp((Math.max(0, step.startedMs) / total) * 100);
    const width = clamp((Math.max(0, step.durationMs) / total) * 100);
    const shown = Math.max(width, MIN_WIDTH_PERCENT);
    return { leftPercent: Math.min(left, 100 - shown), widthPercent: shown };
  });
}

function clamp(percent: number): number {
  return Math.min(100, Math.max(0, percent));
}
