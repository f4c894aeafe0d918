import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** The axe rule sets the site is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe on the page and lists what fails, one line per rule with the offending elements.
 * The page's context needs `bypassCSP`, since axe is injected as an inline script.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run({ runOnly: { type: "tag", values: tags } });
    return result.violations;
  }, AXE_TAGS);
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}
