import type { StepOf } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { showValue } from "./masking.ts";
import type { RunState, StepReport } from "./run-state.ts";
import { readHeader, readJsonPath, responseFor, valueAsText } from "./step-response.ts";

/** `extract`: copies a value of the response into a variable for the rest of the run. */
export async function runExtractStep(
  step: StepOf<"extract">,
  state: RunState,
): Promise<StepReport> {
  const { from, path, to_variable } = step.config;
  const response = responseFor(step, state);
  const value = readValue(from, path, response);
  state.values[to_variable] = value;
  delete state.unresolved[to_variable];
  return {
    statusCode: response.status,
    actual: showValue(value, state.mask),
    variables: [to_variable],
    error: null,
  };
}

function readValue(
  from: StepOf<"extract">["config"]["from"],
  path: string | undefined,
  response: Parameters<typeof readHeader>[0],
): string {
  if (from === "status") return String(response.status);
  if (path === undefined) throw new CheckError(`config.path is required to extract from ${from}.`);
  if (from === "headers") {
    const header = readHeader(response, path);
    if (header === undefined) throw new CheckError(`header ${path} is missing`);
    return header;
  }
  const found = readJsonPath(response, path);
  if (!found) throw new CheckError(`path ${path} matched nothing`);
  return valueAsText(found.value);
}
