import { VARIABLE_NAME } from "@upwatch/core";
import type { MonitorFormValues } from "./form-values.ts";
import { expectsNumber, type StepField, type StepProblem, type StepRow } from "./step-values.ts";

/** One problem per step (by position), for the steps that have one. */
export type StepProblems = (StepProblem | undefined)[];

const CONFIG_FIELDS: Record<string, StepField> = {
  url: "url",
  method: "method",
  headers: "headers",
  body: "body",
  from: "from",
  path: "path",
  to_variable: "to_variable",
  type: "expected",
  operator: "operator",
  expected: "expected",
  seconds: "seconds",
  source: "source",
};

/** The field a sentence or an issue path names: `config.url`, `depends_on`, `name`... */
function fieldNamed(text: string): StepField | null {
  const config = /\bconfig\.(\w+)/.exec(text);
  if (config?.[1]) return CONFIG_FIELDS[config[1]] ?? null;
  if (/\bdepends_on\b|\bdependenc/.test(text)) return "depends_on";
  if (/\bname\b|\bnamed\b/.test(text)) return "name";
  return null;
}

const STEP_SENTENCE = /^Step "((?:[^"\\]|\\.)*)":\s*/;
/** How the server names a step that has no name: by its position from 1. */
const STEP_POSITION = /^Step (\d+):\s*/;

/**
 * Where a sentence from the server belongs: `Step "login": config.url is required.` points at
 * the step named login (and its URL field); other sentences belong to no step.
 */
export function serverStepProblem(
  detail: string,
  steps: readonly StepRow[],
): { index: number; problem: StepProblem } | null {
  const named = STEP_SENTENCE.exec(detail);
  if (named) {
    const index = steps.findIndex((step) => step.name.trim() === named[1]);
    if (index === -1) return null;
    const rest = detail.slice(named[0].length);
    return { index, problem: { message: detail, field: fieldNamed(rest) } };
  }
  const positioned = STEP_POSITION.exec(detail);
  if (positioned) {
    const index = Number(positioned[1]) - 1;
    if (index < 0 || index >= steps.length) return null;
    const rest = detail.slice(positioned[0].length);
    return { index, problem: { message: detail, field: fieldNamed(rest) } };
  }
  const duplicate = /^Two steps are named "((?:[^"\\]|\\.)*)"/.exec(detail);
  if (duplicate) {
    const indexes = steps.flatMap((step, i) => (step.name.trim() === duplicate[1] ? [i] : []));
    const index = indexes[1] ?? indexes[0];
    if (index !== undefined) return { index, problem: { message: detail, field: "name" } };
  }
  return null;
}

/** A schema issue under `options.steps.<n>`, attached to step n. */
export function issueStepProblem(
  path: readonly PropertyKey[],
  message: string,
): { index: number; problem: StepProblem } | null {
  const [first, second, index, ...rest] = path.map(String);
  if (first !== "options" || second !== "steps" || index === undefined) return null;
  const position = Number(index);
  if (!Number.isInteger(position)) return null;
  const field = fieldNamed(rest.join(".")) ?? fieldNamed(message);
  const where = rest.length ? `${rest.join(".")} ` : "";
  const text = message.startsWith("Step ") ? message : `${where}${message}`;
  return { index: position, problem: { message: capitalise(text), field } };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The obvious mistakes, said in the form's words before anything is sent. */
export function clientStepProblems(values: MonitorFormValues): StepProblems {
  const seen = new Map<string, number>();
  return values.steps.map((step: StepRow) => {
    const name = step.name.trim();
    if (!name) return { message: "Give the step a name.", field: "name" };
    if (seen.has(name)) return { message: `Two steps are named "${name}".`, field: "name" };
    seen.set(name, 1);
    if (step.type === "http_request" && !step.url.trim()) {
      return { message: "Give the request a URL.", field: "url" };
    }
    if (step.type === "extract") {
      if (step.from !== "status" && !step.path.trim()) {
        return { message: "Say which value to extract.", field: "path" };
      }
      if (!step.to_variable.trim()) {
        return { message: "Name the variable to save the value as.", field: "to_variable" };
      }
    }
    if (step.type === "assertion") {
      const type = step.assertion_type;
      if ((type === "json_path" || type === "header") && !step.path.trim()) {
        return { message: "Say which value to check.", field: "path" };
      }
      if (
        step.operator !== "exists" &&
        expectsNumber(type) &&
        !Number.isFinite(Number.parseFloat(step.expected))
      ) {
        return { message: "The expected value must be a number.", field: "expected" };
      }
    }
    if (step.type === "wait") {
      const seconds = Number(step.seconds);
      if (!step.seconds.trim() || !Number.isFinite(seconds) || seconds <= 0 || seconds > 30) {
        return { message: "Wait more than 0 and at most 30 seconds.", field: "seconds" };
      }
    }
    if (step.type === "script" && !step.source.trim()) {
      return { message: "Write the script this step runs.", field: "source" };
    }
    return undefined;
  });
}

/** Names given to two variables, or names that cannot be used as {{name}}. */
export function variablesProblem(values: MonitorFormValues): string | null {
  const seen = new Set<string>();
  for (const row of values.variables) {
    const name = row.name.trim();
    if (!name && !row.value.trim()) continue;
    if (!VARIABLE_NAME.test(name)) {
      return `Variable names start with a letter or _ and hold only letters, digits and _ ("${name}" does not).`;
    }
    if (seen.has(name)) return `Two variables are named "${name}".`;
    seen.add(name);
  }
  return null;
}
