import { useEffect } from "react";
import { useLocation } from "react-router";
import { schedulePageView } from "./page-view.ts";

/** Reports a page view 100 ms after every route change (a change of anchor is not one). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => schedulePageView(`${pathname}${search}`), [pathname, search]);
}
