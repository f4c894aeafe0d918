import type { Edition } from "./edition.ts";
import type { RegistrationMode } from "./registration.ts";

/** Where the site's analytics events go: nowhere, Google Analytics, or a list kept in the page. */
export const ANALYTICS_PROVIDERS = ["none", "gtag", "record"] as const;
export type AnalyticsProvider = (typeof ANALYTICS_PROVIDERS)[number];

/**
 * What the web app needs to know about its deployment. The server fills it in at run time, so
 * one build serves any address: prerendered pages carry placeholders that the server replaces.
 */
export interface SiteConfig {
  /** Public origin (and optional path) of the site, without a trailing slash. */
  publicUrl: string;
  /** Base of the signed-in app; Login and Get Started lead to `${appUrl}/login` and `/register`. */
  appUrl: string;
  /** Base of the public API; empty for the site's own origin. */
  apiUrl: string;
  supportEmail: string;
  iosAppUrl: string;
  androidAppUrl: string;
  /** `record` keeps events in the page for tests; `gtag` loads Google Analytics. */
  analyticsProvider: AnalyticsProvider;
  /** Measurement id of the configured analytics service; empty when none is configured. */
  analyticsId: string;
  /** Meta (Facebook) ad pixel id; empty when none is configured. */
  adPixelId: string;
  /**
   * Who may sign up (REGISTRATION): the site and the app offer sign-up only when `open`; under
   * `first-account` the app asks the server whether its owner has registered yet.
   */
  registration: RegistrationMode;
  /** Which product this server is (EDITION): the self-hosted edition has no plans, site or billing. */
  edition: Edition;
  /** Whether plans are bought through Stripe here (its keys are set): the app asks only then. */
  billing: "on" | "off";
}

export type SiteConfigKey = keyof SiteConfig;

const KEYS: readonly SiteConfigKey[] = [
  "publicUrl",
  "appUrl",
  "apiUrl",
  "supportEmail",
  "iosAppUrl",
  "androidAppUrl",
  "analyticsProvider",
  "analyticsId",
  "adPixelId",
  "registration",
  "edition",
  "billing",
];

/** The text a prerendered page carries where the server must put the JSON of the config. */
export const SITE_CONFIG_JSON_TOKEN = "%%UPWATCH_SITE_CONFIG_JSON%%";

/** The text a prerendered page carries where the server must put one config value. */
export function siteConfigToken(key: SiteConfigKey): string {
  return `%%UPWATCH:${key}%%`;
}

/** Matches every single-value token in a prerendered page; group 1 is the key. */
export const SITE_CONFIG_TOKEN_PATTERN = /%%UPWATCH:([A-Za-z]+)%%/g;

/** A config whose values are the tokens themselves, used while pages are prerendered. */
export function placeholderSiteConfig(): SiteConfig {
  return Object.fromEntries(
    KEYS.map((key) => [key, siteConfigToken(key)]),
  ) as unknown as SiteConfig;
}

/** JSON safe to place inside a `<script>` element. */
export function serializeSiteConfig(config: SiteConfig): string {
  return JSON.stringify(config)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
}

/** True when `key` names a config value. */
export function isSiteConfigKey(key: string): key is SiteConfigKey {
  return (KEYS as readonly string[]).includes(key);
}
