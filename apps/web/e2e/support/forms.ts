import type { Page, Route } from "playwright-core";

/** The server refuses forms sent faster than this after they appeared (FORMS_MIN_FILL_MS). */
export const SERVER_MIN_FILL_MS = 1500;

/** Waits as long as a person would at least take, so the server accepts the form. */
export function waitLikeAPerson(page: Page): Promise<void> {
  return page.waitForTimeout(SERVER_MIN_FILL_MS + 200);
}

/** A route handler that holds the request until `release()` is called, then lets it through. */
export function holdRequests() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  return { handler, release };
}

/** Makes `fetch` to a path reject with a value that is not an Error, as a broken extension might. */
export async function rejectFetchWithNonError(page: Page, path: string): Promise<void> {
  await page.addInitScript((path) => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(path)) return Promise.reject("blocked by the browser");
      return original(input, init);
    };
  }, path);
}
