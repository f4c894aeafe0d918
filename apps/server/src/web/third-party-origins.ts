import type { SiteConfig } from "@upwatch/core";
import type { ThirdPartyOrigins } from "./content-security-policy.ts";

/** The origins the configured analytics and ad pixel load from; none when nothing is configured. */
export function thirdPartyOrigins(config: SiteConfig): ThirdPartyOrigins {
  const origins: ThirdPartyOrigins = { scripts: [], connections: [], images: [] };
  if (config.analyticsId) {
    origins.scripts.push("https://www.googletagmanager.com");
    origins.connections.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
    origins.images.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (config.adPixelId) {
    origins.scripts.push("https://connect.facebook.net");
    origins.connections.push("https://www.facebook.com");
    origins.images.push("https://www.facebook.com");
  }
  return origins;
}
