import { JSONPath } from "jsonpath-plus";

const MAX_PATH_LENGTH = 500;

/**
 * Why a JSONPath cannot be used, as a sentence, or undefined when it can. Filter and script
 * expressions are refused outright: evaluation never runs code taken from a check.
 */
export function jsonPathProblem(path: string): string | undefined {
  if (path.length === 0) return "the JSONPath is empty.";
  if (path.length > MAX_PATH_LENGTH) {
    return `the JSONPath can be at most ${MAX_PATH_LENGTH} characters.`;
  }
  if (!path.startsWith("$")) return `the JSONPath ${path} must start with $, as in $.data.token.`;
  const outside = textOutsideQuotes(path);
  if (outside === undefined) return `the JSONPath ${path} has a quote that is never closed.`;
  if (outside.includes("?(") || outside.includes("(") || outside.includes(")")) {
    return `the JSONPath ${path} uses a filter or script expression, which checks do not run; use a plain path such as $.items[0].id.`;
  }
  if (!bracketsBalance(outside)) return `the JSONPath ${path} has unbalanced brackets.`;
  try {
    JSONPath.toPathArray(path);
    queryJsonPath({}, path);
  } catch {
    return `the JSONPath ${path} cannot be read.`;
  }
  return undefined;
}

/** The values `path` matches in `document`, without evaluating any code; [] when none. */
export function queryJsonPath(document: unknown, path: string): unknown[] {
  const found: unknown = JSONPath({
    path,
    json: document as null,
    eval: false,
    wrap: true,
  });
  return Array.isArray(found) ? found : [];
}

/** The path with quoted names blanked out, or undefined when a quote is left open. */
function textOutsideQuotes(path: string): string | undefined {
  let outside = "";
  let quote: string | null = null;
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) {
        quote = null;
        outside += char;
      }
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    outside += char;
  }
  return quote ? undefined : outside;
}

function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "[") depth++;
    if (char === "]") depth--;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}
