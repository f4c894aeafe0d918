import { MULTI_STEP_LIMITS as L } from "./multi-step-limits.ts";
import {
  type MultiStep,
  type MultiStepOptions,
  SECURE_PREFIX,
  VARIABLE_NAME,
} from "./multi-step-schema.ts";
import { checkConfig, type Report } from "./step-config-rules.ts";
import { templateNames } from "./templates.ts";

/** One problem of a multi-step check, at the place in its options it concerns. */
export interface MultiStepIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The problems of a structurally valid multi-step check that its schema alone cannot see, each
 * a sentence naming the step and field. An empty list means the check can be saved (apart from
 * its scripts, which only the sandbox can parse, and secure variables, which the account holds).
 */
export function multiStepIssues(options: MultiStepOptions): MultiStepIssue[] {
  const issues: MultiStepIssue[] = [];
  const { steps } = options;
  if (steps.length > L.maxSteps) {
    issues.push({
      path: ["steps"],
      message: `A multi-step check can have at most ${L.maxSteps} steps; this one has ${steps.length}.`,
    });
  }
  const report: Report = (index, field, message) => {
    issues.push({
      path: ["steps", index, ...field],
      message: `${stepLabel(steps, index)}: ${message}`,
    });
  };
  for (const [name, value] of Object.entries(options.variables)) {
    const secure = value.startsWith(SECURE_PREFIX) ? value.slice(SECURE_PREFIX.length) : null;
    if (secure !== null && !VARIABLE_NAME.test(secure)) {
      issues.push({
        path: ["variables", name],
        message: `variables.${name}: ${value} does not name a secure variable; write secure: followed by the name saved under Settings > Secure variables.`,
      });
    }
  }
  checkNamesAndOrder(steps, issues);
  checkDependencies(steps, report);
  for (const [index, step] of steps.entries()) checkConfig(step, index, report);
  checkVariableReferences(options, report);
  return issues;
}

/** How messages name a step: by its name, or by its position when it has none. */
export function stepLabel(steps: readonly { name?: unknown }[], index: number): string {
  const name = steps[index]?.name;
  return typeof name === "string" && name.trim() !== ""
    ? `Step "${name.trim()}"`
    : `Step ${index + 1}`;
}

function checkNamesAndOrder(steps: readonly MultiStep[], issues: MultiStepIssue[]): void {
  const firstByName = new Map<string, number>();
  const firstByOrder = new Map<number, number>();
  steps.forEach((step, index) => {
    if (firstByName.has(step.name)) {
      issues.push({
        path: ["steps", index, "name"],
        message: `Two steps are named "${step.name}".`,
      });
    } else firstByName.set(step.name, index);
    const other = firstByOrder.get(step.order_index);
    if (other !== undefined) {
      issues.push({
        path: ["steps", index, "order_index"],
        message: `Steps "${steps[other]?.name}" and "${step.name}" share order_index ${step.order_index}; give each step its own position.`,
      });
    } else firstByOrder.set(step.order_index, index);
  });
}

/** The names a step depends on, as a list. */
export function dependencyNames(step: MultiStep): string[] {
  const named = step.dependencies?.depends_on;
  if (named === undefined) return [];
  return typeof named === "string" ? [named] : named;
}

function checkDependencies(steps: readonly MultiStep[], report: Report): void {
  const byName = new Map<string, MultiStep>();
  for (const step of steps) if (!byName.has(step.name)) byName.set(step.name, step);
  steps.forEach((step, index) => {
    const field = ["dependencies", "depends_on"];
    const names = dependencyNames(step);
    const seen = new Set<string>();
    for (const name of names) {
      const named = byName.get(name);
      if (seen.has(name)) {
        report(index, field, `depends_on names "${name}" twice.`);
      } else if (name === step.name) {
        report(
          index,
          field,
          "depends_on names the step itself; a step can only depend on earlier steps.",
        );
      } else if (!named) {
        report(index, field, `depends_on names "${name}", which is not a step of this check.`);
      } else if (named.order_index >= step.order_index) {
        report(
          index,
          field,
          `depends_on names "${name}" (order_index ${named.order_index}), which does not run before this step (order_index ${step.order_index}); a step can only depend on earlier steps.`,
        );
      }
      seen.add(name);
    }
  });
  const cycle = dependencyCycle(steps);
  if (cycle) {
    const index = steps.findIndex((step) => step.name === cycle[0]);
    report(
      index,
      ["dependencies", "depends_on"],
      `the dependencies form a cycle: ${cycle.map((name) => `"${name}"`).join(" -> ")}.`,
    );
  }
}

/**
 * A loop in the dependencies, as the names along it ending where it started; undefined when
 * there is none. With every dependency on an earlier step there cannot be one, but a shared
 * order_index or a self-reference can close one, and it is worth its own sentence.
 */
export function dependencyCycle(steps: readonly MultiStep[]): string[] | undefined {
  const edges = new Map<string, string[]>();
  for (const step of steps) {
    if (!edges.has(step.name)) edges.set(step.name, dependencyNames(step));
  }
  const state = new Map<string, "visiting" | "done">();
  const trail: string[] = [];
  const visit = (name: string): string[] | undefined => {
    if (state.get(name) === "done") return undefined;
    if (state.get(name) === "visiting") return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, "visiting");
    trail.push(name);
    for (const next of edges.get(name) ?? []) {
      if (!edges.has(next)) continue;
      const found = visit(next);
      if (found) return found;
    }
    trail.pop();
    state.set(name, "done");
    return undefined;
  };
  for (const name of edges.keys()) {
    const found = visit(name);
    if (found) return found;
  }
  return undefined;
}

/** Templated fields of a step, with where they are. */
function templatedFields(step: MultiStep): { field: (string | number)[]; text: string }[] {
  if (step.type !== "http_request") return [];
  const fields: { field: (string | number)[]; text: string }[] = [
    { field: ["config", "url"], text: step.config.url },
  ];
  for (const [name, value] of Object.entries(step.config.headers ?? {})) {
    fields.push({ field: ["config", "headers", name], text: `${name}${value}` });
  }
  if (typeof step.config.body === "string")
    fields.push({ field: ["config", "body"], text: step.config.body });
  return fields;
}

function checkVariableReferences(options: MultiStepOptions, report: Report): void {
  const known = new Set(Object.keys(options.variables));
  const order = options.steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.order_index - b.step.order_index || a.index - b.index);
  let scriptRan = false;
  for (const { step, index } of order) {
    if (!scriptRan) {
      for (const { field, text } of templatedFields(step)) {
        const unknown = templateNames(text).find((name) => !known.has(name));
        if (unknown !== undefined) {
          const where = field.length > 2 ? `config.headers` : field.join(".");
          report(
            index,
            field,
            `${where} refers to {{${unknown}}}, which is neither in variables nor set by an earlier extract step.`,
          );
        }
      }
    }
    if (step.type === "extract") known.add(step.config.to_variable);
    if (step.type === "script") scriptRan = true;
  }
}
