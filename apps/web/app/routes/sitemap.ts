import { knowledgeBase } from "../knowledge-base/content/bundled.ts";
import { getSiteConfig } from "../lib/site-config.ts";
import { sitemapEntries, sitemapXml } from "../seo/sitemap.ts";

/** `/sitemap.xml`, written while the site is built; the server fills in its public address. */
export function loader() {
  const xml = sitemapXml(getSiteConfig().publicUrl, sitemapEntries(knowledgeBase));
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
