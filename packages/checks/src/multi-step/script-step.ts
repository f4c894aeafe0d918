import { MULTI_STEP_LIMITS, type StepOf } from "@upwatch/core";
import type { RunState, StepReport } from "./run-state.ts";

/** Lines of a script's console.log kept in its step result. */
const MAX_LOG_LINES = 20;

/** `script`: runs the source in the sandbox with `vars` and `response`; set variables stay. */
export async function runScriptStep(step: StepOf<"script">, state: RunState): Promise<StepReport> {
  const latest = state.latest;
  const outcome = await state.runScript({
    source: step.config.source,
    variables: { ...state.values },
    maskText: state.mask,
    signal: state.signal,
    response: latest
      ? {
          status: latest.status,
          headers: latest.headers,
          body: latest.body,
          time_ms: latest.timeMs,
        }
      : null,
  });
  const logs = outcome.logs.slice(0, MAX_LOG_LINES).map(state.mask);
  if (!outcome.ok) return { logs, error: outcome.error };
  const changed = Object.entries(outcome.variables)
    .filter(([name, value]) => state.values[name] !== value)
    .map(([name]) => name);
  const oversized = changed.find(
    (name) => Buffer.byteLength(outcome.variables[name] ?? "") > MULTI_STEP_LIMITS.maxVariableBytes,
  );
  if (oversized) {
    return {
      logs,
      error: `The script set vars.${oversized} to more than 4 KiB, the most a variable can hold.`,
    };
  }
  for (const name of changed) {
    state.values[name] = outcome.variables[name] as string;
    delete state.unresolved[name];
  }
  return { logs, variables: changed, error: null };
}
