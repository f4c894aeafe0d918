import { createHash } from "node:crypto";
import type { SiteConfig } from "@upwatch/core";

/** Third-party origins a configured analytics service or ad pixel needs. */
export interface ThirdPartyOrigins {
  scripts: string[];
  connections: string[];
  images: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json/;

/** `'sha256-...'` sources for every inline script a page runs (JSON data blocks do not run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy for one page: only our own scripts and the exact inline scripts the build made,
 * plus what a configured analytics service needs; nothing else may run, frame or be framed.
 */
export function pagePolicy(
  html: string,
  config: SiteConfig,
  thirdParty: ThirdPartyOrigins,
): string {
  const api = originOf(config.apiUrl);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineScriptHashes(html), ...thirdParty.scripts],
    // No page has a style attribute or an inline style element, so styles come from files only.
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...thirdParty.images],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...api, ...thirdParty.connections],
    "form-action": ["'self'", ...api],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/** For responses that are not pages (JSON, files): nothing may run or frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

function originOf(url: string): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
