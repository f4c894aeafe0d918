import { useEffect } from "react";
import { useLocation } from "react-router";
import { track } from "./track.ts";

/** How long after a route change its page view is reported, so the new title is in place. */
export const PAGE_VIEW_DELAY_MS = 100;

/** Reports a page view 100 ms after every route change (a change of anchor is not one). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = `${pathname}${search}`;
    const timer = window.setTimeout(
      () => track({ name: "page_view", path, title: document.title }),
      PAGE_VIEW_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
