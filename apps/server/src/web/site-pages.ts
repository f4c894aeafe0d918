import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  isSiteConfigKey,
  SITE_CONFIG_JSON_TOKEN,
  SITE_CONFIG_TOKEN_PATTERN,
  type SiteConfig,
  serializeSiteConfig,
} from "@upwatch/core";
import { pagePolicy, type ThirdPartyOrigins } from "../http/content-security-policy.ts";
import { escapeHtml } from "../http/escape-html.ts";

/** One prerendered page, ready to send. */
export interface SitePage {
  html: string;
  etag: string;
  /** The page's Content-Security-Policy, allowing exactly its own inline scripts. */
  csp: string;
}

export interface SitePages {
  /** The page for a URL path such as `/` or `/contact`, if one was prerendered. */
  find(path: string): SitePage | undefined;
  /** The not-found page, sent with status 404. */
  notFound: SitePage;
  /**
   * The signed-in app's page (the build's SPA fallback): one HTML document for every app
   * address, which renders the screen in the browser. Absent from a build without it.
   */
  app: SitePage | undefined;
}

const NOT_FOUND_ROUTE = "/404";
/** What the build names the page that renders client-only routes. */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";
const NOINDEX_META = '<meta name="robots" content="noindex"/>';

/** Reads every prerendered page of the web build and fills in the run-time config. */
export function loadSitePages(
  clientDir: string,
  config: SiteConfig,
  thirdParty: ThirdPartyOrigins,
): SitePages {
  const pages = new Map<string, SitePage>();
  for (const file of listHtmlFiles(clientDir)) {
    const route = routeOf(relative(clientDir, file));
    if (route === undefined) continue;
    const html = applySiteConfig(readFileSync(file, "utf8"), config);
    pages.set(route, {
      html,
      etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
      csp: pagePolicy(html, config, thirdParty),
    });
  }
  const notFound = pages.get(NOT_FOUND_ROUTE);
  if (!notFound) {
    throw new Error(`The web build in ${clientDir} has no not-found page; run "npm run build".`);
  }
  pages.delete(NOT_FOUND_ROUTE);
  return {
    find: (path) => pages.get(normalize(path)),
    notFound,
    app: loadAppPage(clientDir, config, thirdParty),
  };
}

function loadAppPage(
  clientDir: string,
  config: SiteConfig,
  thirdParty: ThirdPartyOrigins,
): SitePage | undefined {
  const file = join(clientDir, SPA_FALLBACK_FILE);
  if (!existsSync(file)) return undefined;
  const html = markNoindex(applySiteConfig(readFileSync(file, "utf8"), config));
  return {
    html,
    etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
    csp: pagePolicy(html, config, thirdParty),
  };
}

/** App pages are private: search engines are told not to index them, in the page itself too. */
export function markNoindex(html: string): string {
  if (html.includes('name="robots"')) return html;
  const head = html.indexOf("<head>");
  if (head === -1) return `${NOINDEX_META}${html}`;
  const at = head + "<head>".length;
  return `${html.slice(0, at)}${NOINDEX_META}${html.slice(at)}`;
}

/** `/app` and every address under it belong to the signed-in app. */
export function isAppPath(path: string): boolean {
  return path === "/app" || path.startsWith("/app/");
}

/** Replaces the build's placeholders with this server's values, escaped for HTML. */
export function applySiteConfig(html: string, config: SiteConfig): string {
  return html
    .replaceAll(SITE_CONFIG_JSON_TOKEN, serializeSiteConfig(config))
    .replace(SITE_CONFIG_TOKEN_PATTERN, (token, key: string) =>
      isSiteConfigKey(key) ? escapeHtml(config[key]) : token,
    );
}

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed === "" ? "/" : trimmed;
}

/** `index.html` -> `/`, `contact/index.html` -> `/contact`; other HTML files are not pages. */
function routeOf(file: string): string | undefined {
  const parts = file.split(sep);
  if (parts.at(-1) !== "index.html") return undefined;
  return `/${parts.slice(0, -1).join("/")}`;
}

function listHtmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}
