// What each help-centre page needs, computed while the site is built. Route loaders call these,
// so the articles' markdown, its parser and its renderer stay out of the browser's bundles.
import { knowledgeBase } from "./content/bundled.ts";
import type { Section } from "./content/headings.ts";
import type { Category } from "./content/knowledge-base.ts";
import { relatedArticles } from "./content/knowledge-base.ts";
import {
  type ArticleSummary,
  type CategorySummary,
  type GuideSummary,
  summarizeArticle,
  summarizeGuide,
} from "./content/summaries.ts";
import { markdownToHtml } from "./markdown/markdown-html.ts";

const PLAN_COMPARISON_ARTICLE = "subscription-plans";

export interface ArticlePageData {
  article: ArticleSummary;
  /** The body as HTML. */
  html: string;
  related: ArticleSummary[];
  /** Whether the plan comparison leads the body. */
  showPlans: boolean;
}

export interface GuidePageData {
  guide: GuideSummary;
  sections: Section[];
  html: string;
}

export interface PricingPageData {
  title: string;
  description: string;
  introHtml: string;
  questions: { id: string; question: string; answerHtml: string }[];
}

/** The front page: the featured guides and every category with its article titles. */
export function indexPageData(): { guides: GuideSummary[]; categories: CategorySummary[] } {
  return {
    guides: knowledgeBase.guides.map(summarizeGuide),
    categories: knowledgeBase.categories.map(summarizeCategory),
  };
}

/** One category, or null when there is none with that id. */
export function categoryPageData(id: string | undefined): CategorySummary | null {
  const category = knowledgeBase.categories.find((candidate) => candidate.id === id);
  return category ? summarizeCategory(category) : null;
}

/** One article with its body and related reading, or null when there is none with that slug. */
export function articlePageData(slug: string | undefined): ArticlePageData | null {
  const article = knowledgeBase.articles.find((candidate) => candidate.slug === slug);
  if (!article) return null;
  return {
    article: summarizeArticle(article),
    html: markdownToHtml(article.content),
    related: relatedArticles(knowledgeBase, article).map(summarizeArticle),
    showPlans: article.slug === PLAN_COMPARISON_ARTICLE,
  };
}

/** One guide; a guide missing from content/guides stops the build. */
export function guidePageData(slug: string): GuidePageData {
  const guide = knowledgeBase.guides.find((candidate) => candidate.slug === slug);
  if (!guide) throw new Error(`content/guides/${slug}.md is missing from the build`);
  return {
    guide: summarizeGuide(guide),
    sections: guide.sections,
    html: markdownToHtml(guide.content),
  };
}

/** The pricing page's questions and answers. */
export function pricingPageData(): PricingPageData {
  const faq = knowledgeBase.pricingFaq;
  return {
    title: faq.title,
    description: faq.description,
    introHtml: faq.intro ? markdownToHtml(faq.intro) : "",
    questions: faq.questions.map((entry) => ({
      id: entry.id,
      question: entry.question,
      answerHtml: markdownToHtml(entry.answer),
    })),
  };
}

function summarizeCategory({ articles, ...info }: Category): CategorySummary {
  return { ...info, articles: articles.map(summarizeArticle) };
}
