import { createHash } from "node:crypto";
import { PRODUCT_NAME, statusPageTitle } from "@upwatch/core";
import type { StatusPageTable } from "@upwatch/db";
import { escapeHtml } from "../http/escape-html.ts";
import { safeHref } from "./plain-text.ts";

// Both themes in one sheet, chosen by the visitor's system; colours keep 4.5:1 contrast in each.
const STYLE = `:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#e5e7eb;--card:#f9fafb;--link:#1d4ed8;--ok:#15803d;--maint:#1d4ed8;--degraded:#a16207;--major:#b91c1c;--nodata:#d1d5db}
@media (prefers-color-scheme:dark){:root{--bg:#0b1020;--fg:#e5e7eb;--muted:#a3acbd;--line:#273045;--card:#111831;--link:#93c5fd;--ok:#4ade80;--maint:#93c5fd;--degraded:#facc15;--major:#f87171;--nodata:#374151}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link)}header,main,footer{max-width:52rem;margin:0 auto;padding:1rem 1.25rem}
header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1rem;border-top:6px solid var(--accent)}
header>a{color:inherit;text-decoration:none}header img{height:40px;width:auto;display:block}header nav a{margin-left:1rem}.name{font-size:1.5rem;font-weight:700;margin:0}
h1{font-size:1.4rem;margin:0}h2{font-size:1.15rem;margin:2rem 0 .75rem}h3{font-size:1rem;margin:0}
.banner{padding:1rem 1.25rem;border-radius:.5rem;border-left:6px solid var(--s);background:var(--card)}
.s-operational{--s:var(--ok)}.s-maintenance{--s:var(--maint)}.s-degraded_performance{--s:var(--degraded)}.s-major_outage{--s:var(--major)}
.card{border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 .75rem;background:var(--card)}
.row{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}.state{font-weight:600;color:var(--s)}
.muted{color:var(--muted);font-size:.9rem}.bars{width:100%;height:34px;display:block;margin:.5rem 0 .25rem}
.bars rect{fill:var(--nodata)}.bars .b-up{fill:var(--ok)}.bars .b-part{fill:var(--degraded)}.bars .b-down{fill:var(--major)}
ol,ul{list-style:none;padding:0;margin:0}.update{margin:.75rem 0 0}.update p{margin:.25rem 0}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}label{display:block;font-weight:600}
input{font:inherit;padding:.55rem .7rem;border:1px solid var(--muted);border-radius:.4rem;background:var(--bg);color:var(--fg);min-width:16rem}
button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border:0;border-radius:.4rem;background:var(--fg);color:var(--bg);cursor:pointer}
footer{color:var(--muted);font-size:.9rem;border-top:1px solid var(--line);margin-top:2rem}footer a{margin-right:1rem}`;

/** The parts of a public page's document around its main content. */
export interface PageShell {
  page: StatusPageTable;
  title: string;
  description: string;
  main: string;
  /** The page's own address on this server, for the canonical link and the feed. */
  base: string;
  /** The product's own site, linked from "Powered by". */
  productUrl: string;
}

/** The whole HTML document, and the content security policy that lets its one style sheet in. */
export function renderDocument(shell: PageShell): { html: string; policy: string } {
  const { page } = shell;
  const accent = page.accent_color ?? "#1d4ed8";
  const style = `${STYLE}:root{--accent:${accent}}`;
  const hash = createHash("sha256").update(style).digest("base64");
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(shell.title)}</title><meta name="description" content="${escapeHtml(shell.description)}">
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(page.name)} incidents" href="${shell.base}/feed.atom">
<link rel="icon" href="data:,"><style>${style}</style></head>
<body>${header(page, shell.base)}<main>${shell.main}</main>${footer(shell)}</body></html>`;
  return { html, policy: policyFor(hash) };
}

function header(page: StatusPageTable, base: string): string {
  const logo = page.logo_hash
    ? `<img src="${base}/logo/${page.logo_hash}" alt="${escapeHtml(page.name)}" width="120" height="40">`
    : `<span class="name">${escapeHtml(page.name)}</span>`;
  const links = [
    [safeHref(page.website_url), "Website"],
    [safeHref(page.support_url), "Support"],
  ].flatMap(([href, label]) => (href ? [`<a href="${href}" rel="noopener">${label}</a>`] : []));
  const nav = links.length
    ? `<nav aria-label="${escapeHtml(page.name)} links">${links.join("")}</nav>`
    : "";
  return `<header><a href="${base}" aria-label="${escapeHtml(statusPageTitle(page.name))}">${logo}</a>${nav}</header>`;
}

function footer({ page, base, productUrl }: PageShell): string {
  const powered = page.white_label
    ? ""
    : `<p>Powered by <a href="${escapeHtml(productUrl)}">${PRODUCT_NAME}</a></p>`;
  return `<footer><p><a href="${base}/history">Incident history</a><a href="${base}/feed.atom">Atom feed</a><a href="${base}/api/summary.json">JSON summary</a></p>${powered}</footer>`;
}

function policyFor(styleHash: string): string {
  return [
    "default-src 'self'",
    "script-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
