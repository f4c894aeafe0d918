import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteConfig } from "@upwatch/core";
import { applySiteConfig } from "./site-pages.ts";

/** A text file of the build that names the site's own address, filled in for this server. */
export interface SiteFile {
  body: string;
  etag: string;
  type: string;
}

/** The build's files that carry run-time placeholders, by address, with their content types. */
export const TEMPLATED_FILES: Readonly<Record<string, string>> = {
  "/sitemap.xml": "application/xml; charset=utf-8",
  "/robots.txt": "text/plain; charset=utf-8",
};

/** Reads the templated files the build has and fills in the run-time config. */
export function loadSiteFiles(clientDir: string, config: SiteConfig): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  for (const [path, type] of Object.entries(TEMPLATED_FILES)) {
    const file = join(clientDir, path);
    if (!existsSync(file)) continue;
    const body = applySiteConfig(readFileSync(file, "utf8"), config);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    files.set(path, { body, etag, type });
  }
  return files;
}
