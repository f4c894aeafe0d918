import { describe, expect, it } from "vitest";
import { knowledgeBase } from "../knowledge-base/content/bundled.ts";
import { prerenderPaths } from "../prerender-paths.ts";
import { sitemapEntries, sitemapXml } from "./sitemap.ts";

/** Prerendered addresses that are not pages to index: the not-found page, a redirect, the map. */
const NOT_INDEXED = ["/404", "/slack-integration", "/sitemap.xml"];

describe("the sitemap", () => {
  const entries = sitemapEntries(knowledgeBase);

  it("lists every prerendered public and help-centre page, once, and nothing else", async () => {
    const pages = (await prerenderPaths()).filter((path) => !NOT_INDEXED.includes(path));
    const listed = entries.map((entry) => entry.path);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...pages].sort());
  });

  it("dates each article by its last update and each guide by its own date", () => {
    for (const article of knowledgeBase.articles) {
      const entry = entries.find((candidate) => candidate.path === article.path);
      expect(entry?.lastmod).toBe(article.dateUpdated || article.dateCreated);
    }
    for (const guide of knowledgeBase.guides) {
      expect(entries.find((entry) => entry.path === guide.path)?.lastmod).toBe(guide.dateUpdated);
    }
  });

  it("dates a category and the help centre by their most recently updated article", () => {
    for (const category of knowledgeBase.categories) {
      const newest = category.articles
        .map((article) => article.dateUpdated)
        .sort()
        .at(-1);
      const entry = entries.find((e) => e.path === `/knowledge-base/category/${category.id}`);
      expect(entry?.lastmod).toBe(newest);
    }
    const all = [...knowledgeBase.articles, ...knowledgeBase.guides].map((a) => a.dateUpdated);
    const index = entries.find((entry) => entry.path === "/knowledge-base");
    expect(index?.lastmod).toBe(all.sort().at(-1));
  });

  it("dates the legal pages by the update they state", () => {
    for (const path of ["/privacy", "/terms"]) {
      expect(entries.find((entry) => entry.path === path)?.lastmod).toBe("2024-12-31");
    }
  });

  it("writes absolute, escaped addresses in the sitemap protocol's XML", () => {
    const xml = sitemapXml("https://example.com/a&b", [
      { path: "/", lastmod: "2024-12-18" },
      { path: "/contact" },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<url><loc>https://example.com/a&amp;b/</loc><lastmod>2024-12-18</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://example.com/a&amp;b/contact</loc></url>");
  });
});
