import { stepLabel } from "./multi-step-rules.ts";

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * A problem inside a multi-step check's options as one sentence naming the step and field:
 * `Step "login": config.url is required.` or `variables.password: must be text.`
 * `path` is relative to the options; `options` is what was sent, to find the step's name.
 */
export function describeOptionsIssue(issue: Issue, options: unknown): string {
  const path = issue.path;
  const message = issue.message.trim();
  if (path[0] === "steps" && typeof path[1] === "number") {
    const label = stepLabel(sentSteps(options), path[1]);
    // The rules write whole sentences that name the steps themselves.
    if (/^[A-Z]/.test(message)) return withStop(message);
    const field = path.slice(2).map(String).join(".");
    if (issue.code === "unrecognized_keys" && issue.keys) {
      const where = field ? ` in ${field}` : "";
      return `${label}: unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
    }
    return `${label}: ${sentence(field, message)}`;
  }
  if (message.startsWith("Step ")) return sentence("", message);
  if (issue.code === "unrecognized_keys" && issue.keys) {
    const where = path.length ? ` in ${path.map(String).join(".")}` : "";
    return `Unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
  }
  if (issue.code === "invalid_key" && path[0] === "variables") {
    return `variables: ${String(path[1] ?? "a name")} is not a variable name; names start with a letter or _ and hold only letters, digits and _ (at most 64 characters).`;
  }
  const field = path.map(String).join(".");
  if (path[0] === "variables" && path.length > 1) {
    return message.startsWith(`${field}:`) ? message : `${field}: ${withStop(message)}`;
  }
  return sentence(field, message);
}

/** `field message.`, unless the message is a sentence of its own. */
function sentence(field: string, message: string): string {
  if (/[.!?]$/.test(message) && /^[A-Z]/.test(message)) return message;
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
