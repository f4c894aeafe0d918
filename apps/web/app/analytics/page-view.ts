import { track } from "./track.ts";

/** How long after a page is shown its page view is reported, so the page's title is in place. */
export const PAGE_VIEW_DELAY_MS = 100;

/** Reports a page view of `path` in 100 ms; returns the function that cancels it. */
export function schedulePageView(path: string): () => void {
  const timer = window.setTimeout(
    () => track({ name: "page_view", path, title: document.title }),
    PAGE_VIEW_DELAY_MS,
  );
  return () => window.clearTimeout(timer);
}
