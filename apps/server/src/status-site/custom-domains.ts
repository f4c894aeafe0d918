import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** How often the directory reloads, so a domain set in another server process is served soon. */
export const DOMAIN_REFRESH_MS = 10_000;

/**
 * The custom domains of status pages, held in memory because URL rewriting happens before any
 * request handling and must be synchronous.
 */
export class CustomDomainDirectory {
  #slugs = new Map<string, string>();
  #loading: Promise<void> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

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
    return this.#slugs.get(host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, ""));
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
    const rows = await this.db
      .selectFrom("status_pages")
      .select(["custom_domain", "slug"])
      .where("custom_domain", "is not", null)
      .execute();
    this.#slugs = new Map(
      rows.flatMap((r) => (r.custom_domain ? [[r.custom_domain, r.slug]] : [])),
    );
  }
}
