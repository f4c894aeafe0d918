import type { AnalyticsAdapter, AnalyticsEvent } from "../events.ts";

/** An event as the record adapter keeps it: `at` is `performance.now()` when it was tracked. */
export type RecordedEvent = AnalyticsEvent & { at: number };

declare global {
  interface Window {
    upwatchAnalyticsEvents?: RecordedEvent[];
  }
}

/** Keeps every event in `window.upwatchAnalyticsEvents`; nothing leaves the browser. */
export function recordAdapter(): AnalyticsAdapter {
  window.upwatchAnalyticsEvents ??= [];
  return {
    track(event) {
      window.upwatchAnalyticsEvents?.push({ ...event, at: performance.now() });
    },
  };
}
