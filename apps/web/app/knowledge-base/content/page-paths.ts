import type { KnowledgeBase } from "./knowledge-base.ts";

/** The help centre's own pages: index, pricing, guides, categories and articles. */
export function knowledgeBasePaths(kb: KnowledgeBase): string[] {
  return [
    "/knowledge-base",
    "/knowledge-base/pricing",
    ...kb.guides.map((guide) => guide.path),
    ...kb.categories.map((category) => `/knowledge-base/category/${category.id}`),
    ...kb.articles.map((article) => article.path),
  ];
}
