import type { SiteConfig } from "@upwatch/core";

/** One app-store button. */
export interface StoreLink {
  href: string;
  store: string;
  action: string;
  track: string;
}

/**
 * The id of the prerendered template holding every store button and the coming-soon note; a
 * page that does not hydrate keeps the buttons the server filled in an address for.
 */
export const STORE_LINKS_TEMPLATE_ID = "store-links-template";

/** Both store buttons, with the addresses of `config`, configured or not. */
export function storeLinks(config: SiteConfig): StoreLink[] {
  return [
    { href: config.iosAppUrl, store: "App Store", action: "Download on the", track: "app-store" },
    { href: config.androidAppUrl, store: "Google Play", action: "Get it on", track: "google-play" },
  ];
}
