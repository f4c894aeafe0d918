import { readFileSync } from "node:fs";

/** The complete example of the help centre's multi-step article, as it stands. */
export function articleExample(): Record<string, unknown> & {
  variables: Record<string, string>;
  steps: Record<string, unknown>[];
} {
  const article = readFileSync(
    new URL("../../../../content/articles/advanced-multi-step-checks.md", import.meta.url),
    "utf8",
  );
  const json = /```json\n([\s\S]*?)```/.exec(article)?.[1];
  if (!json) throw new Error("The multi-step article has no JSON example.");
  return JSON.parse(json);
}
