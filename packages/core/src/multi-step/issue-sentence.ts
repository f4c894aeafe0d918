import { stepLabel } from "./multi-step-rules.ts";

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  expected?: string;
}

const EXPECTED: Record<string, string> = {
  object: "an object",
  record: "an object",
  string: "text",
  number: "a number",
  array: "a list",
  boolean: "true or false",
};

/** zod's own wording for a wrong type or shape, as the end of a sentence about the field. */
function fragmentOf(issue: Issue, field: string): string {
  const message = issue.message.trim();
  if (issue.code === "invalid_type" && message.startsWith("Invalid input")) {
    if (/received undefined/.test(message)) return "is required";
    return `must be ${EXPECTED[issue.expected ?? ""] ?? issue.expected ?? "something else"}`;
  }
  if (issue.code === "invalid_union" && message.startsWith("Invalid input")) {
    if (field.endsWith("depends_on")) return "must be a step name or a list of step names";
    if (field.endsWith("expected")) return "must be text or a number";
    return "is not valid";
  }
  return message;
}

/**
 * A problem inside a multi-step check's options as one sentence naming the step and field:
 * `Step "login": config.url is required.` or `variables.password: must be text.`
 * `path` is relative to the options; `options` is what was sent, to find the step's name.
 */
export function describeOptionsIssue(issue: Issue, options: unknown): string {
  const path = issue.path;
  const custom = issue.code === undefined || issue.code === "custom";
  if (path[0] === "steps" && typeof path[1] === "number") {
    const label = stepLabel(sentSteps(options), path[1]);
    const field = path.slice(2).map(String).join(".");
    const message = fragmentOf(issue, field);
    // The rules write whole sentences that name the steps themselves.
    if (custom && /^[A-Z]/.test(message)) return withStop(message);
    if (issue.code === "unrecognized_keys" && issue.keys) {
      const where = field ? ` in ${field}` : "";
      return `${label}: unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
    }
    return `${label}: ${sentence(field, message)}`;
  }
  const field = path.map(String).join(".");
  const message = fragmentOf(issue, field);
  if (custom && /^([A-Z]|variables[.: ])/.test(message)) return withStop(message);
  if (issue.code === "unrecognized_keys" && issue.keys) {
    const where = path.length ? ` in ${path.map(String).join(".")}` : "";
    return `Unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
  }
  if (issue.code === "invalid_key" && path[0] === "variables") {
    return `variables: ${String(path[1] ?? "a name")} is not a variable name; names start with a letter or _ and hold only letters, digits and _ (at most 64 characters), other than __proto__.`;
  }
  if (path[0] === "variables" && path.length > 1) {
    return message.startsWith(`${field}:`) ? message : `${field}: ${withStop(message)}`;
  }
  return sentence(field, message);
}

/** `field message.`, unless the message is a sentence of its own. */
function sentence(field: string, message: string): string {
  if (message.startsWith(`${field} `) || !field) return withStop(message);
  return withStop(`${field} ${message}`);
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function sentSteps(options: unknown): { name?: unknown }[] {
  if (typeof options !== "object" || options === null) return [];
  const steps = (options as { steps?: unknown }).steps;
  return Array.isArray(steps) ? (steps as { name?: unknown }[]) : [];
}
