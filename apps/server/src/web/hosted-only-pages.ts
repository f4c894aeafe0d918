import type { Edition } from "@upwatch/core";

/**
 * The hosted service's own pages: its home and shop, its contact form and its legal pages. A
 * self-hosted server is nobody's shop, so it answers them as not found and `/` opens the app.
 */
const HOSTED_ONLY_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/contact",
  "/privacy",
  "/terms",
  "/account-deletion",
  "/knowledge-base/pricing",
  "/sitemap.xml",
]);

/** Whether this edition serves the page at `path` (a path without its query). */
export function editionServes(edition: Edition, path: string): boolean {
  if (edition === "hosted") return true;
  const page = path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return !HOSTED_ONLY_PAGES.has(page === "/_root" ? "/" : page);
}
