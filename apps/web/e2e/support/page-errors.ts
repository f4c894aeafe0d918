import type { Page } from "playwright-core";

/**
 * Collects console errors and uncaught exceptions of a page, hydration mismatches included.
 * `expectedRefusal` names requests a test provokes a 4xx for on purpose: the browser logs each
 * refused request as a console error, which is then not a fault of the page.
 */
export function collectPageErrors(
  page: Page,
  expectedRefusal?: (url: string, message: string) => boolean,
): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const refused = /^Failed to load resource: the server responded with a status of 4\d\d/;
    if (refused.test(message.text()) && expectedRefusal?.(message.location().url, message.text())) {
      return;
    }
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
