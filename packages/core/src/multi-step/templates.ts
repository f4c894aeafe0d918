import { type MultiStepOptions, SECURE_PREFIX } from "./multi-step-schema.ts";

const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The secure variable names the options refer to with `secure:<name>`. */
export function secureReferences(options: MultiStepOptions): string[] {
  const names = new Set<string>();
  for (const value of Object.values(options.variables)) {
    if (value.startsWith(SECURE_PREFIX)) names.add(value.slice(SECURE_PREFIX.length));
  }
  return [...names];
}

/** The first request's URL with plain variables filled in; secure ones stay as `{{name}}`. */
export function multiStepTarget(options: MultiStepOptions): string {
  const first = options.steps.find((step) => step.type === "http_request");
  if (first?.type !== "http_request") return "";
  return first.config.url.replace(TEMPLATE, (whole, name: string) => {
    const value = options.variables[name];
    return value === undefined || value.startsWith(SECURE_PREFIX) ? whole : value;
  });
}
