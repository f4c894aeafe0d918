import type { Page } from "playwright-core";

/** Collects console errors and uncaught exceptions of a page, hydration mismatches included. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
