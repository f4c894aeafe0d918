import type { Config } from "../config.ts";
import { serverHostsOf } from "../status-site/custom-domains.ts";
import { absoluteAppUrl } from "./accounts.ts";

/** The hosts the server itself answers on (public, app and API addresses). */
export function serverHosts(config: Pick<Config, "publicUrl" | "appUrl" | "apiUrl">): string[] {
  return serverHostsOf([config.publicUrl, absoluteAppUrl(config), config.apiUrl]);
}
