import type { AnalyticsProvider, SiteConfig } from "@upwatch/core";
import type { AnalyticsAdapter } from "../events.ts";
import { gtagAdapter } from "./gtag.ts";
import { metaPixelAdapter } from "./meta-pixel.ts";
import { recordAdapter } from "./record.ts";

const ANALYTICS: Record<AnalyticsProvider, (config: SiteConfig) => AnalyticsAdapter | undefined> = {
  none: () => undefined,
  gtag: (config) => (config.analyticsId ? gtagAdapter(config.analyticsId) : undefined),
  record: () => recordAdapter(),
};

/** The adapters this deployment configured; none at all by default. */
export function createAdapters(config: SiteConfig): AnalyticsAdapter[] {
  const adapters: AnalyticsAdapter[] = [];
  const analytics = ANALYTICS[config.analyticsProvider]?.(config);
  if (analytics) adapters.push(analytics);
  // The test recorder never loads third-party scripts, so it stands in for the pixel too.
  if (config.adPixelId && config.analyticsProvider !== "record") {
    adapters.push(metaPixelAdapter(config.adPixelId));
  }
  return adapters;
}
