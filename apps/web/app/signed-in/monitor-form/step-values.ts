import {
  type AssertionOperator,
  type AssertionType,
  type DependencyType,
  type HttpMethod,
  type MultiStep,
  STEP_TYPES,
  type StepType,
} from "@upwatch/core";

export type ExtractSource = "body" | "headers" | "status";

/** A name/value row: a request header or a variable. */
export interface NameValueRow {
  name: string;
  value: string;
}

/** One step as the editor holds it: every type's fields, numbers as typed text. */
export interface StepRow {
  /** Stable identity for the list while steps are renamed and moved. */
  key: string;
  name: string;
  type: StepType;
  method: HttpMethod;
  url: string;
  headers: NameValueRow[];
  body: string;
  from: ExtractSource;
  path: string;
  to_variable: string;
  assertion_type: AssertionType;
  operator: AssertionOperator;
  expected: string;
  seconds: string;
  source: string;
  depends_on: string[];
  dependency_type: DependencyType;
}

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `step-${nextKey}`;
}

/** A fresh step of a type, named after its position. */
export function newStep(type: StepType = "http_request", position = 1): StepRow {
  return {
    key: newKey(),
    name: `step_${position}`,
    type: STEP_TYPES.includes(type) ? type : "http_request",
    method: "GET",
    url: "",
    headers: [],
    body: "",
    from: "body",
    path: "",
    to_variable: "",
    assertion_type: "status_code",
    operator: "equals",
    expected: "",
    seconds: "1",
    source: "",
    depends_on: [],
    dependency_type: "success",
  };
}

/** Whether an assertion type compares numbers (typed into a number input). */
export function expectsNumber(type: AssertionType): boolean {
  return type === "status_code" || type === "response_time";
}

/** Whether an assertion type reads a path (JSONPath or header name). */
export function assertionHasPath(type: AssertionType): boolean {
  return type === "json_path" || type === "header";
}

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** A saved step back into the editor's row. */
export function stepRowFromStep(step: MultiStep): StepRow {
  const row = newStep(step.type);
  const config = step.config as Record<string, unknown>;
  const deps = step.dependencies;
  const dependsOn = deps
    ? Array.isArray(deps.depends_on)
      ? [...deps.depends_on]
      : [deps.depends_on]
    : [];
  const base: StepRow = {
    ...row,
    name: step.name,
    depends_on: dependsOn,
    dependency_type: deps?.dependency_type ?? "success",
  };
  switch (step.type) {
    case "http_request":
      return {
        ...base,
        method: step.config.method,
        url: step.config.url,
        headers: Object.entries(step.config.headers ?? {}).map(([name, value]) => ({
          name,
          value,
        })),
        body: step.config.body ?? "",
      };
    case "extract":
      return {
        ...base,
        from: step.config.from,
        path: step.config.path ?? "",
        to_variable: step.config.to_variable,
      };
    case "assertion":
      return {
        ...base,
        assertion_type: step.config.type,
        path: step.config.path ?? "",
        operator: step.config.operator,
        expected: text(config.expected),
      };
    case "wait":
      return { ...base, seconds: text(config.seconds) };
    case "script":
      return { ...base, source: step.config.source };
    default:
      return base;
  }
}

/** A number typed into a field, or NaN so the schema names the problem. */
function typedNumber(value: string): number {
  const trimmed = value.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

function stepConfig(row: StepRow): Record<string, unknown> {
  switch (row.type) {
    case "http_request": {
      const headers: Record<string, string> = {};
      for (const header of row.headers) {
        if (!header.name.trim() && !header.value.trim()) continue;
        headers[header.name.trim()] = header.value;
      }
      return {
        method: row.method,
        url: row.url.trim(),
        headers,
        ...(row.body !== "" ? { body: row.body } : {}),
      };
    }
    case "extract":
      return {
        from: row.from,
        ...(row.from !== "status" && row.path.trim() ? { path: row.path.trim() } : {}),
        to_variable: row.to_variable.trim(),
      };
    case "assertion": {
      const type = row.assertion_type;
      const expected =
        row.operator === "exists"
          ? {}
          : { expected: expectsNumber(type) ? typedNumber(row.expected) : row.expected };
      return {
        type,
        ...(assertionHasPath(type) && row.path.trim() ? { path: row.path.trim() } : {}),
        operator: row.operator,
        ...expected,
      };
    }
    case "wait":
      return { seconds: typedNumber(row.seconds) };
    case "script":
      return { source: row.source };
    default:
      return {};
  }
}

/** A step as the API takes it; `order_index` follows the list order. */
export function stepPayload(row: StepRow, index: number): Record<string, unknown> {
  return {
    name: row.name.trim(),
    type: row.type,
    order_index: index + 1,
    config: stepConfig(row),
    ...(row.depends_on.length > 0
      ? { dependencies: { depends_on: row.depends_on, dependency_type: row.dependency_type } }
      : {}),
  };
}

/** The variables as the API takes them: an object, empty rows left out. */
export function variablesPayload(rows: readonly NameValueRow[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const row of rows) {
    if (!row.name.trim() && !row.value.trim()) continue;
    variables[row.name.trim()] = row.value;
  }
  return variables;
}

/** The step fields a problem can point at. */
export type StepField =
  | "name"
  | "url"
  | "method"
  | "headers"
  | "body"
  | "from"
  | "path"
  | "to_variable"
  | "expected"
  | "operator"
  | "seconds"
  | "source"
  | "depends_on";

/** What is wrong with one step, and which of its fields, when one is named. */
export interface StepProblem {
  message: string;
  field: StepField | null;
}
