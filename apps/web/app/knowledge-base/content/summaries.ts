import type { Article } from "./article.ts";
import type { CategoryInfo } from "./categories.ts";
import type { Guide } from "./guide.ts";

/** An article without its body: what cards, lists and related links need. */
export type ArticleSummary = Omit<Article, "content">;

/** A category with the summaries of its articles. */
export interface CategorySummary extends CategoryInfo {
  articles: ArticleSummary[];
}

/** A guide without its body: what the featured cards need. */
export type GuideSummary = Omit<Guide, "content" | "sections">;

/** The article less its markdown body. */
export function summarizeArticle({ content: _content, ...summary }: Article): ArticleSummary {
  return summary;
}

/** The guide less its body and sections. */
export function summarizeGuide({
  content: _content,
  sections: _sections,
  ...summary
}: Guide): GuideSummary {
  return summary;
}
