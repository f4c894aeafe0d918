import { JSONPath } from "jsonpath-plus";

/**
 * Every value `path` matches in `document`. Script and filter expressions are never evaluated
 * (`eval: false`), so a path cannot run code.
 */
export function queryJsonPath(document: unknown, path: string): unknown[] {
  const found = JSONPath({ path, json: document as object, eval: false, wrap: true });
  return Array.isArray(found) ? found : [];
}
