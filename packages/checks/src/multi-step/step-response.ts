import { type MultiStep, queryJsonPath } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import type { RunState, StepResponse } from "./run-state.ts";

/**
 * The response an extract or assertion step reads: that of the request it depends on (or the
 * response the step it depends on read), else the most recent request's.
 */
export function responseFor(step: MultiStep, state: RunState): StepResponse {
  const named = dependencyNames(step)[0];
  const namedType = named === undefined ? undefined : state.results.get(named)?.type;
  const readsNamed =
    namedType === "http_request" || namedType === "extract" || namedType === "assertion";
  const response =
    named !== undefined && readsNamed
      ? (state.responses.get(named) ?? state.readBy.get(named))
      : state.latest;
  if (!response && readsNamed) {
    throw new CheckError(`No response to read: step "${named}" received none.`);
  }
  if (!response) throw new CheckError("No response to read: no request ran before this step.");
  state.readBy.set(step.name, response);
  return response;
}

export function dependencyNames(step: MultiStep): string[] {
  const dependsOn = step.dependencies?.depends_on;
  if (dependsOn === undefined) return [];
  return typeof dependsOn === "string" ? [dependsOn] : dependsOn;
}

/** A matched value as text: strings as they are, anything else as JSON. */
export function valueAsText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The first value `path` matches in the JSON body, or undefined when it matches nothing. */
export function readJsonPath(response: StepResponse, path: string): { value: unknown } | undefined {
  let document: unknown;
  try {
    document = JSON.parse(response.body);
  } catch {
    throw new CheckError(`The response body is not JSON, so ${path} cannot be read.`);
  }
  let found: unknown[];
  try {
    found = queryJsonPath(document, path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.includes("prevented")
      ? "filter and script expressions are not allowed."
      : message;
    throw new CheckError(`path ${path} cannot be read: ${reason}`);
  }
  return found.length === 0 ? undefined : { value: found[0] };
}

/** A header's value by case-insensitive name, or undefined when the response lacks it. */
export function readHeader(response: StepResponse, name: string): string | undefined {
  return response.headers[name.toLowerCase()];
}
