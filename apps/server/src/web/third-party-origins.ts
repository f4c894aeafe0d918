import type { SiteConfig } from "@upwatch/core";
import type { ThirdPartyOrigins } from "../http/content-security-policy.ts";

/** The origins the configured analytics and ad pixel load from; none when nothing is configured. */
export function thirdPartyOrigins(config: SiteConfig): ThirdPartyOrigins {
  const origins: ThirdPartyOrigins = { scripts: [], connections: [], images: [] };
  if (config.analyticsProvider === "gtag" && config.analyticsId) {
    origins.scripts.push("https://www.googletagmanager.com");
    origins.connections.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
    origins.images.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  // The test recorder stands in for the pixel too, so nothing third-party loads with it.
  if (config.adPixelId && config.analyticsProvider !== "record") {
    origins.scripts.push("https://connect.facebook.net");
    origins.connections.push("https://www.facebook.com");
    origins.images.push("https://www.facebook.com");
  }
  return origins;
}
