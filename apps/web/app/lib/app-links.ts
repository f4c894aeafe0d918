import { getSiteConfig } from "./site-config.ts";

/** Where Login leads: the signed-in app's login page. */
export function loginUrl(): string {
  return `${getSiteConfig().appUrl}/login`;
}

/** Where Get Started and the sign-up calls to action lead. */
export function registerUrl(): string {
  return `${getSiteConfig().appUrl}/register`;
}

/** A public API endpoint such as `/public/contact`, on the configured API host. */
export function apiEndpoint(path: string): string {
  return `${getSiteConfig().apiUrl}${path}`;
}
