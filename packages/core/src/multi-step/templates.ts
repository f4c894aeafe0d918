import { type MultiStep, type MultiStepOptions, SECURE_PREFIX } from "./multi-step-schema.ts";

/** `{{name}}`, spaces allowed inside the braces; the name follows `VARIABLE_NAME`. */
const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

const MAX_TARGET_LENGTH = 2000;

/** The variable names `text` refers to as `{{name}}`, in order of first appearance, each once. */
export function templateNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(TEMPLATE)) names.add(match[1] as string);
  return [...names];
}

/**
 * `text` with every `{{name}}` replaced by its value, in one pass (a value holding `{{x}}` is
 * not filled again), or the first name that has no value.
 */
export function fillTemplate(
  text: string,
  values: Record<string, string>,
): { text: string } | { missing: string } {
  return fillTemplateBy(text, (name) =>
    Object.hasOwn(values, name) ? (values[name] as string) : undefined,
  );
}

/**
 * Like `fillTemplate`, with each reference's text given by `textFor`, which also sees the text
 * filled so far (to tell where in a URL or a JSON body the value lands); undefined means the
 * name has no value.
 */
export function fillTemplateBy(
  text: string,
  textFor: (name: string, filledBefore: string) => string | undefined,
): { text: string } | { missing: string } {
  let filled = "";
  let last = 0;
  for (const match of text.matchAll(TEMPLATE)) {
    filled += text.slice(last, match.index);
    last = match.index + match[0].length;
    const value = textFor(match[1] as string, filled);
    if (value === undefined) return { missing: match[1] as string };
    filled += value;
  }
  return { text: filled + text.slice(last) };
}

/** The secure variables the check refers to as `secure:<name>`, each once, sorted. */
export function secureReferences(options: Pick<MultiStepOptions, "variables">): string[] {
  const names = new Set<string>();
  for (const value of Object.values(options.variables ?? {})) {
    if (value.startsWith(SECURE_PREFIX)) names.add(value.slice(SECURE_PREFIX.length));
  }
  return [...names].sort();
}

/** Whether a variable's value refers to a secure variable rather than holding the value. */
export function isSecureValue(value: string): boolean {
  return value.startsWith(SECURE_PREFIX);
}

/**
 * What lists show as a multi-step monitor's target: the URL of its first `http_request` step,
 * plain variables filled in; secure and unknown ones stay as `{{name}}`.
 */
export function multiStepTarget(options: Pick<MultiStepOptions, "variables" | "steps">): string {
  const request = firstRequest(options.steps);
  if (!request) return "multi-step check";
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.variables ?? {})) {
    if (!isSecureValue(value)) plain[name] = value;
  }
  const url = request.config.url.replace(TEMPLATE, (whole, name: string) =>
    Object.hasOwn(plain, name) ? (plain[name] as string) : whole,
  );
  return url.slice(0, MAX_TARGET_LENGTH);
}

/** The `http_request` step that runs first: the lowest order_index, then the earliest listed. */
function firstRequest(steps: readonly MultiStep[]) {
  let first: Extract<MultiStep, { type: "http_request" }> | undefined;
  for (const step of steps) {
    if (step.type !== "http_request") continue;
    if (!first || step.order_index < first.order_index) first = step;
  }
  return first;
}
