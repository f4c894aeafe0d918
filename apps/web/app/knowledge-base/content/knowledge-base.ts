import { type Article, toArticle } from "./article.ts";
import { CATEGORIES, type CategoryInfo } from "./categories.ts";
import { ContentError, type ContentFile } from "./front-matter.ts";
import { type Guide, toGuide } from "./guide.ts";
import { type PricingFaq, toPricingFaq } from "./pricing-faq.ts";

/** A category with its articles, featured first and then by title. */
export interface Category extends CategoryInfo {
  articles: Article[];
}

/** Everything the help centre shows, built once from the bundled files. */
export interface KnowledgeBase {
  articles: Article[];
  categories: Category[];
  guides: Guide[];
  pricingFaq: PricingFaq;
}

/** The content files the knowledge base is made of. */
export interface ContentFiles {
  articles: ContentFile[];
  guides: ContentFile[];
  pricingFaq: ContentFile;
}

export const RELATED_ARTICLES_LIMIT = 5;

/** Builds the knowledge base; two files with the same slug throw, naming both. */
export function buildKnowledgeBase(files: ContentFiles): KnowledgeBase {
  const fileOfSlug = new Map<string, string>();
  const articles = files.articles.map((file) => {
    const article = toArticle(file);
    const earlier = fileOfSlug.get(article.slug);
    if (earlier !== undefined) {
      throw new ContentError(file.file, `the slug "${article.slug}" is already used by ${earlier}`);
    }
    fileOfSlug.set(article.slug, file.file);
    return article;
  });
  articles.sort(byFeaturedThenTitle);
  return {
    articles,
    categories: CATEGORIES.map((info) => ({
      ...info,
      articles: articles.filter((article) => article.category === info.id),
    })),
    guides: files.guides.map(toGuide),
    pricingFaq: toPricingFaq(files.pricingFaq),
  };
}

/** Up to five other articles in the same category or sharing a tag, closest first. */
export function relatedArticles(
  kb: KnowledgeBase,
  article: Article,
  limit = RELATED_ARTICLES_LIMIT,
): Article[] {
  const tags = new Set(article.tags);
  return kb.articles
    .filter((other) => other.slug !== article.slug)
    .map((other) => ({
      other,
      score:
        (other.category === article.category ? 2 : 0) +
        other.tags.filter((tag) => tags.has(tag)).length,
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.other.title.localeCompare(b.other.title))
    .slice(0, limit)
    .map(({ other }) => other);
}

function byFeaturedThenTitle(a: Article, b: Article): number {
  return (
    Number(b.featured ?? false) - Number(a.featured ?? false) || a.title.localeCompare(b.title)
  );
}
