import { getSiteConfig } from "../lib/site-config.ts";
import { createAdapters } from "./adapters/index.ts";
import type { AnalyticsAdapter, AnalyticsEvent } from "./events.ts";

let adapters: AnalyticsAdapter[] | undefined;

/** Sends one event to every configured adapter; does nothing while prerendering. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  adapters ??= createAdapters(getSiteConfig());
  for (const adapter of adapters) {
    try {
      adapter.track(event);
    } catch (error) {
      console.error("An analytics adapter failed", error);
    }
  }
}
