import type { SiteConfig } from "@upwatch/core";
import type { Config } from "../config.ts";

/** The part of the server's configuration the web app is told at run time. */
export function siteConfigFrom(config: Config): SiteConfig {
  return {
    publicUrl: config.publicUrl,
    appUrl: config.appUrl,
    apiUrl: config.apiUrl,
    supportEmail: config.supportEmail,
    iosAppUrl: config.iosAppUrl,
    androidAppUrl: config.androidAppUrl,
    analyticsProvider: config.analyticsProvider,
    analyticsId: config.analyticsId,
    adPixelId: config.adPixelId,
    registration: config.registration,
    edition: config.edition,
    billing: config.billing ? "on" : "off",
  };
}
