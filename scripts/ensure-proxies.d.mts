/** The proxies the suite runs, with the command that says whether one is there. */
export const PROXIES: readonly {
  name: string;
  packageName: string;
  service: string;
  probe: [string, string[]];
}[];

/** The sentence that says how to get the proxies on Debian. */
export const PROXIES_MISSING: string;

/** The proxies of PROXIES that are not installed. */
export function missingProxies(): typeof PROXIES;

/** Makes sure nginx and Caddy are there for the system tests; installs them when we are root. */
export function ensureProxies(): boolean;
