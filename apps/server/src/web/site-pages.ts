import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  isSiteConfigKey,
  SITE_CONFIG_JSON_TOKEN,
  SITE_CONFIG_TOKEN_PATTERN,
  type SiteConfig,
  serializeSiteConfig,
} from "@upwatch/core";
import { escapeHtml } from "../http/escape-html.ts";
import { pagePolicy, type ThirdPartyOrigins } from "./content-security-policy.ts";

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
}

const NOT_FOUND_ROUTE = "/404";

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
  };
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
