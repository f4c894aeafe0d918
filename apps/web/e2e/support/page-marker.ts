import type { Page } from "playwright-core";

/** Marks the loaded document, so a later check can tell a client-side navigation from a reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { documentMarker: string }).documentMarker = "same document";
  });
}

/** True while the page is still the document `markDocument` marked. */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { documentMarker?: string }).documentMarker === "same document",
  );
}

/** Waits until the page has hydrated and React Router handles navigation. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
}
