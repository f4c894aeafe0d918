import type { StepOf } from "@upwatch/core";
import type { RunState, StepReport } from "./run-state.ts";

/** `wait`: pauses for `config.seconds`, cut short when the run is stopped. */
export function runWaitStep(step: StepOf<"wait">, state: RunState): Promise<StepReport> {
  const { signal } = state;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve({ error: null });
    }, step.config.seconds * 1000);
    signal.addEventListener("abort", stop, { once: true });
  });
}
