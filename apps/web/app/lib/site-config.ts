import { placeholderSiteConfig, type SiteConfig } from "@upwatch/core";

const ELEMENT_ID = "upwatch-config";

const DEV_FALLBACK: SiteConfig = {
  publicUrl: typeof window === "undefined" ? "" : window.location.origin,
  appUrl: "/app",
  apiUrl: "",
  supportEmail: "support@upwatch.example",
  iosAppUrl: "",
  androidAppUrl: "",
  analyticsProvider: "none",
  analyticsId: "",
  adPixelId: "",
  registration: "open",
  edition: "hosted",
  billing: "off",
};

let cached: SiteConfig | undefined;

/**
 * The deployment's config. While pages are prerendered it is made of placeholders the server
 * replaces; in the browser it is read from the JSON the server put in the page.
 */
export function getSiteConfig(): SiteConfig {
  if (typeof document === "undefined") return placeholderSiteConfig();
  if (!cached) cached = readFromPage();
  return cached;
}

export const SITE_CONFIG_ELEMENT_ID = ELEMENT_ID;

function readFromPage(): SiteConfig {
  const text = document.getElementById(ELEMENT_ID)?.textContent ?? "";
  try {
    return { ...DEV_FALLBACK, ...(JSON.parse(text) as Partial<SiteConfig>) };
  } catch {
    // The development server has no server-side config; same-origin defaults stand in.
    return DEV_FALLBACK;
  }
}
