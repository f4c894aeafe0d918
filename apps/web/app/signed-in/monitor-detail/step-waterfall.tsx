import type { StepResult } from "@upwatch/core";
import { formatMs } from "../monitors/format.ts";
import { STEP_OUTCOMES } from "./step-outcome.tsx";
import { runLengthMs, waterfallBars } from "./waterfall-geometry.ts";

/**
 * The run's steps on one time line: each bar starts when its step started and is as long as it
 * took. Each row also says the same in words, so the bars are never the only way to read it.
 */
export function StepWaterfall({ steps, label }: { steps: readonly StepResult[]; label: string }) {
  const bars = waterfallBars(steps);
  return (
    <figure className="step-waterfall">
      <figcaption>
        {label}: {formatMs(runLengthMs(steps))} in all
      </figcaption>
      <ol className="waterfall-rows">
        {steps.map((step, index) => {
          const bar = bars[index] ?? { leftPercent: 0, widthPercent: 0 };
          return (
            <li key={step.name} className={`waterfall-row step-${step.status}`}>
              <span className="waterfall-name">{step.name}</span>
              <span className="waterfall-track" aria-hidden="true">
                {step.status === "skipped" ? null : (
                  <span
                    className="waterfall-bar"
                    style={{ left: `${bar.leftPercent}%`, width: `${bar.widthPercent}%` }}
                  />
                )}
              </span>
              <span className="waterfall-time">
                {step.status === "skipped" ? "not run" : formatMs(step.durationMs)}
              </span>
              <span className="visually-hidden">
                {step.status === "skipped"
                  ? STEP_OUTCOMES.skipped.label
                  : `${STEP_OUTCOMES[step.status].label}, started at ${formatMs(step.startedMs)}`}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
