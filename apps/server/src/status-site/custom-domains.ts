import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { WHITE_LABEL_PLAN_IDS } from "../services/status-pages/white-label-plans.ts";

/** How often the directory reloads, so a domain set in another server process is served soon. */
export const DOMAIN_REFRESH_MS = 10_000;

/**
 * The custom domains of status pages, held in memory because URL rewriting happens before any
 * request handling and must be synchronous.
 */
export class CustomDomainDirectory {
  #slugs = new Map<string, string>();
  #loading: Promise<void> | undefined;
  readonly #serverHosts: ReadonlySet<string>;

  /** `serverHosts` are the server's own hosts: never served as a page, whatever is stored. */
  constructor(
    private readonly db: Kysely<Database>,
    serverHosts: readonly string[] = [],
  ) {
    this.#serverHosts = new Set(serverHosts.map(hostKey));
  }

  /** Reloads the domains from the database. */
  refresh(): Promise<void> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** The page slug served on a host name, if any. */
  slugFor(host: string | undefined): string | undefined {
    if (!host || this.#slugs.size === 0) return undefined;
    return this.#slugs.get(hostKey(host));
  }

  /** The URL a request is handled as: on a custom domain, `/x` is the page's `/status/{slug}/x`. */
  rewrite(request: { url?: string | undefined; headers: { host?: string | undefined } }): string {
    const url = request.url ?? "/";
    const slug = this.slugFor(request.headers.host);
    if (!slug) return url;
    const base = `/status/${slug}`;
    if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) return url;
    if (url === "/" || url.startsWith("/?")) return `${base}${url.slice(1)}`;
    return `${base}${url}`;
  }

  async #load(): Promise<void> {
    // A page whose account left the white-label plan keeps its domain for a return, unserved.
    const rows = await this.db
      .selectFrom("status_pages")
      .innerJoin("accounts", "accounts.id", "status_pages.account_id")
      .select(["status_pages.custom_domain", "status_pages.slug"])
      .where("status_pages.custom_domain", "is not", null)
      .where("accounts.plan", "in", WHITE_LABEL_PLAN_IDS)
      .execute();
    this.#slugs = new Map(
      rows.flatMap((r) =>
        r.custom_domain && !this.#serverHosts.has(hostKey(r.custom_domain))
          ? [[hostKey(r.custom_domain), r.slug]]
          : [],
      ),
    );
  }
}

/** A host as domains are compared: lower case, without a port or a final dot. */
function hostKey(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

/** The host names of the server's own addresses (public, app and API), which no page may take. */
export function serverHostsOf(urls: readonly string[]): string[] {
  const hosts = new Set<string>();
  for (const url of urls) {
    if (!URL.canParse(url)) continue;
    const host = new URL(url).hostname;
    if (host) hosts.add(hostKey(host));
  }
  return [...hosts];
}
