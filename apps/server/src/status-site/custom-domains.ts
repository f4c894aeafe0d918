import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { whiteLabelInForce } from "../services/status-pages/white-label-plans.ts";

/** How often the directory reloads, so a domain set in another server process is served soon. */
export const DOMAIN_REFRESH_MS = 10_000;

/**
 * The custom domains of status pages, held in memory because URL rewriting happens before any
 * request handling and must be synchronous.
 */
export class CustomDomainDirectory {
  #slugs = new Map<string, string>();
  /** Domains of pages whose account's plan lacks white-label: kept, answered with a redirect. */
  #held = new Map<string, string>();
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
  rewrite(request: HostedRequest): string {
    const url = request.url ?? "/";
    const slug = this.slugFor(request.headers.host);
    return slug ? onPage(slug, url) : url;
  }

  /**
   * For a request to the held domain of a page, the same place at the page's Upwatch address
   * (a path to redirect to), so the domain never shows the product's own site instead.
   */
  heldPath(request: HostedRequest): string | undefined {
    const host = request.headers.host;
    if (!host || this.#held.size === 0) return undefined;
    const slug = this.#held.get(hostKey(host));
    return slug ? onPage(slug, request.url ?? "/") : undefined;
  }

  async #load(): Promise<void> {
    // Only domains whose owner proved them (a DNS TXT record found) are served.
    const rows = await this.db
      .selectFrom("status_pages")
      .innerJoin("accounts", "accounts.id", "status_pages.account_id")
      .innerJoin("domain_claims", (join) =>
        join
          .onRef("domain_claims.page_id", "=", "status_pages.id")
          .onRef("domain_claims.domain", "=", "status_pages.custom_domain"),
      )
      .select(["status_pages.custom_domain", "status_pages.slug", "accounts.plan"])
      .where("status_pages.custom_domain", "is not", null)
      .where("domain_claims.purpose", "=", "status_page")
      .where("domain_claims.verified_at", "is not", null)
      .execute();
    const served = new Map<string, string>();
    const held = new Map<string, string>();
    for (const row of rows) {
      if (!row.custom_domain || this.#serverHosts.has(hostKey(row.custom_domain))) continue;
      // A page whose account left the white-label plan keeps its domain for a return, unserved.
      const into = whiteLabelInForce(row.plan) ? served : held;
      into.set(hostKey(row.custom_domain), row.slug);
    }
    this.#slugs = served;
    this.#held = held;
  }
}

type HostedRequest = { url?: string | undefined; headers: { host?: string | undefined } };

/** Where `url`, asked of a page's own domain, is on the server: `/x` is `/status/{slug}/x`. */
function onPage(slug: string, url: string): string {
  const base = `/status/${slug}`;
  if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) return url;
  if (url === "/" || url.startsWith("/?")) return `${base}${url.slice(1)}`;
  return `${base}${url}`;
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
