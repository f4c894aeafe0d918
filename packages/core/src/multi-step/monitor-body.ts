import { describeOptionsIssue } from "./issue-sentence.ts";
import { multiStepIssues } from "./multi-step-rules.ts";
import { multiStepStructureSchema } from "./multi-step-schema.ts";

/** A problem found before the monitor's fields are read, at the place it concerns. */
export interface MonitorBodyProblem {
  path: (string | number)[];
  message: string;
}

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasTopLevelSteps(body: Body): boolean {
  return Object.hasOwn(body, "variables") || Object.hasOwn(body, "steps");
}

/**
 * A monitor in the help centre's shape (top-level `variables` and `steps`, `type` left out or
 * `multi_step`) as `{ type: "multi_step", options: { variables, steps } }`; anything else as is.
 */
export function normaliseMonitorBody(body: unknown): unknown {
  if (!isObject(body) || !hasTopLevelSteps(body)) return body;
  if (body.type !== undefined && body.type !== "multi_step") return body;
  if (body.options !== undefined) return body;
  const { variables, steps, ...rest } = body;
  const options: Body = {};
  if (variables !== undefined) options.variables = variables;
  if (steps !== undefined) options.steps = steps;
  return { ...rest, type: "multi_step", options };
}

/**
 * The first problem with how a monitor body carries a multi-step check, as a sentence naming
 * the step and field; undefined when there is none or the body is not a multi-step check.
 */
export function multiStepBodyProblem(body: unknown): MonitorBodyProblem | undefined {
  if (!isObject(body)) return undefined;
  if (hasTopLevelSteps(body)) {
    if (body.type !== undefined && body.type !== "multi_step") {
      return {
        path: ["type"],
        message: `variables and steps belong to a multi-step check; a ${String(body.type)} monitor takes neither (send type multi_step, or leave type out).`,
      };
    }
    if (body.options !== undefined) {
      return {
        path: ["options"],
        message: "Send variables and steps either at the top level or inside options, not both.",
      };
    }
  }
  const monitor = normaliseMonitorBody(body) as Body;
  if (monitor.type !== "multi_step") return undefined;
  return optionsProblem(monitor.options);
}

/** The first problem of a multi-step check's options, its path starting at `options`. */
export function optionsProblem(options: unknown): MonitorBodyProblem | undefined {
  if (options === undefined) {
    return {
      path: ["options"],
      message:
        "A multi-step monitor needs steps: send variables and steps, as in the help centre's example.",
    };
  }
  if (!isObject(options)) {
    return { path: ["options"], message: "options must be an object holding variables and steps." };
  }
  const parsed = multiStepStructureSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) return undefined;
    return {
      path: ["options", ...pathOf(issue.path)],
      message: describeOptionsIssue(issue, options),
    };
  }
  const issue = multiStepIssues(parsed.data)[0];
  if (!issue) return undefined;
  return { path: ["options", ...issue.path], message: describeOptionsIssue(issue, options) };
}

function pathOf(path: readonly PropertyKey[]): (string | number)[] {
  return path.map((part) => (typeof part === "number" ? part : String(part)));
}

/** Why a change's top-level `variables` and `steps` cannot be taken, if they cannot. */
export function multiStepPatchProblem(patch: {
  type?: string | undefined;
  options?: unknown;
  variables?: unknown;
  steps?: unknown;
}): MonitorBodyProblem | undefined {
  if (patch.variables === undefined && patch.steps === undefined) return undefined;
  if (patch.type !== undefined && patch.type !== "multi_step") {
    return {
      path: ["type"],
      message: `variables and steps belong to a multi-step check; a ${patch.type} monitor takes neither.`,
    };
  }
  if (patch.options !== undefined) {
    return {
      path: ["options"],
      message: "Send variables and steps either at the top level or inside options, not both.",
    };
  }
  return undefined;
}
