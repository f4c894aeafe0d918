import { jsonPathProblem } from "./json-path.ts";
import { MULTI_STEP_LIMITS as L, utf8Bytes } from "./multi-step-limits.ts";
import type { MultiStep, StepOf } from "./multi-step-schema.ts";

/** Records a problem of the step at `index`, at `field` within it. */
export type Report = (index: number, field: (string | number)[], message: string) => void;

/** The problems of one step's config that its schema cannot see: paths, operators, values. */
export function checkConfig(step: MultiStep, index: number, report: Report): void {
  if (step.type === "http_request") {
    if (typeof step.config.body === "string" && utf8Bytes(step.config.body) > L.maxBodyBytes) {
      report(index, ["config", "body"], "config.body can be at most 64 KiB.");
    }
  } else if (step.type === "extract") checkExtract(step, index, report);
  else if (step.type === "assertion") checkAssertion(step, index, report);
}

function checkExtract(step: StepOf<"extract">, index: number, report: Report): void {
  const { from, path } = step.config;
  if (from === "status") return;
  if (path === undefined) {
    const what = from === "body" ? "a JSONPath such as $.data.token" : "a header name";
    report(
      index,
      ["config", "path"],
      `config.path is required when extracting from ${from}: ${what}.`,
    );
    return;
  }
  if (from === "body") {
    const problem = jsonPathProblem(path);
    if (problem) report(index, ["config", "path"], `config.path: ${problem}`);
  }
}

const NUMERIC_TYPES = new Set(["status_code", "response_time"]);

function checkAssertion(step: StepOf<"assertion">, index: number, report: Report): void {
  const { type, path, operator, expected } = step.config;
  const at = (field: string, message: string) => report(index, ["config", field], message);
  if (type === "json_path" || type === "header") {
    const what = type === "json_path" ? "the JSONPath to read" : "the header name";
    if (path === undefined) at("path", `config.path is required for a ${type} assertion: ${what}.`);
    else if (type === "json_path") {
      const problem = jsonPathProblem(path);
      if (problem) at("path", `config.path: ${problem}`);
    }
  } else if (path !== undefined) {
    at("path", `config.path is not used by a ${type} assertion; leave it out.`);
  }
  if (operator === "exists") {
    if (NUMERIC_TYPES.has(type) || type === "body_contains") {
      at("operator", `config.operator exists does not apply to a ${type} assertion.`);
    } else if (expected !== undefined) {
      at("expected", "config.expected is not used with the exists operator; leave it out.");
    }
    return;
  }
  if (expected === undefined) {
    at("expected", `config.expected is required with the ${operator} operator.`);
    return;
  }
  if (NUMERIC_TYPES.has(type)) {
    if (typeof expected !== "number" || !Number.isFinite(expected)) {
      const unit = type === "response_time" ? "milliseconds" : "a status code such as 200";
      at("expected", `config.expected must be a number for a ${type} assertion (${unit}).`);
    } else if (operator === "contains") {
      at(
        "operator",
        `config.operator contains does not apply to a ${type} assertion; use equals, not_equals, greater_than or less_than.`,
      );
    }
    return;
  }
  if (
    type === "body_contains" &&
    operator !== "contains" &&
    operator !== "equals" &&
    operator !== "not_equals"
  ) {
    at(
      "operator",
      `config.operator ${operator} does not apply to a body_contains assertion; use contains.`,
    );
    return;
  }
  if ((operator === "greater_than" || operator === "less_than") && !isNumeric(expected)) {
    at("expected", `config.expected must be a number with the ${operator} operator.`);
  }
}

function isNumeric(value: string | number): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  return value.trim() !== "" && Number.isFinite(Number(value));
}
