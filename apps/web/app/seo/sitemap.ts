import type { KnowledgeBase } from "../knowledge-base/content/knowledge-base.ts";

/** One address in the sitemap; `lastmod` is an ISO date when the page's content is dated. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The date the legal pages were last updated, as they state it. */
const LEGAL_PAGES_UPDATED = "2024-12-31";

/** The public pages that are not part of the help centre. */
const SITE_PAGES: readonly SitemapEntry[] = [
  { path: "/" },
  { path: "/contact" },
  { path: "/privacy", lastmod: LEGAL_PAGES_UPDATED },
  { path: "/terms", lastmod: LEGAL_PAGES_UPDATED },
  { path: "/account-deletion" },
];

/**
 * Every page a search engine should index: the site's pages and every help-centre page, dated
 * by its articles (a list page by its most recently updated article).
 */
export function sitemapEntries(kb: KnowledgeBase): SitemapEntry[] {
  const articleDate = (a: { dateUpdated: string; dateCreated: string }) =>
    a.dateUpdated || a.dateCreated;
  const dated = (path: string, dates: string[]): SitemapEntry => {
    const lastmod = latest(dates);
    return lastmod ? { path, lastmod } : { path };
  };
  return [
    ...SITE_PAGES,
    dated("/knowledge-base", [
      ...kb.articles.map(articleDate),
      ...kb.guides.map((guide) => guide.dateUpdated),
    ]),
    dated("/knowledge-base/pricing", []),
    ...kb.guides.map((guide) => dated(guide.path, [guide.dateUpdated])),
    ...kb.categories.map((category) =>
      dated(`/knowledge-base/category/${category.id}`, category.articles.map(articleDate)),
    ),
    ...kb.articles.map((article) => dated(article.path, [articleDate(article)])),
  ];
}

/** The sitemap protocol's XML for the entries, with absolute addresses under `baseUrl`. */
export function sitemapXml(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function latest(dates: readonly string[]): string | undefined {
  const valid = dates.filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)).sort();
  return valid.at(-1);
}

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
