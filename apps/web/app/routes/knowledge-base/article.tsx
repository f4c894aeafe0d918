import { useParams } from "react-router";
import { ArticleMeta } from "../../knowledge-base/components/article-meta.tsx";
import { Breadcrumb, type Crumb } from "../../knowledge-base/components/breadcrumb.tsx";
import { NeedHelp } from "../../knowledge-base/components/need-help.tsx";
import { PlanComparison } from "../../knowledge-base/components/plan-comparison.tsx";
import { RedirectHome } from "../../knowledge-base/components/redirect-home.tsx";
import { RelatedArticles } from "../../knowledge-base/components/related-articles.tsx";
import { TagList } from "../../knowledge-base/components/tag-list.tsx";
import type { Article } from "../../knowledge-base/content/article.ts";
import { knowledgeBase } from "../../knowledge-base/content/bundled.ts";
import { findCategoryInfo } from "../../knowledge-base/content/categories.ts";
import { relatedArticles } from "../../knowledge-base/content/knowledge-base.ts";
import { Markdown } from "../../knowledge-base/markdown/markdown.tsx";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";

const PLAN_COMPARISON_ARTICLE = "subscription-plans";

function articleWithSlug(slug: string | undefined) {
  return knowledgeBase.articles.find((article) => article.slug === slug);
}

function trailOf(article: Article): Crumb[] {
  const category = findCategoryInfo(article.category);
  return [
    KNOWLEDGE_BASE_CRUMB,
    category
      ? { name: category.name, path: `/knowledge-base/category/${category.id}` }
      : { name: "Uncategorized" },
    { name: article.title, path: article.path },
  ];
}

export function meta({ params }: { params: { slug?: string } }) {
  const article = articleWithSlug(params.slug);
  if (!article) return [{ title: "Knowledge Base" }, { name: "robots", content: "noindex" }];
  return knowledgeBaseMeta({
    title: article.title,
    description: article.description,
    path: article.path,
    keywords: article.tags,
    trail: trailOf(article),
  });
}

/** One help article: its words, its facts, related reading and a way to ask for help. */
export default function ArticlePage() {
  const { slug } = useParams();
  const article = articleWithSlug(slug);
  if (!article) return <RedirectHome reason={`No knowledge-base article "${slug}"`} />;
  const trail = trailOf(article);
  return (
    <main className="kb-page kb-article">
      <Breadcrumb
        trail={trail.map((crumb, i) => (i === trail.length - 1 ? { name: crumb.name } : crumb))}
      />
      <article>
        <header className="kb-article-header">
          <h1>{article.title}</h1>
          <p className="kb-lead">{article.description}</p>
          <ArticleMeta
            dateUpdated={article.dateUpdated}
            readingTime={article.readingTime}
            version={article.version}
          />
          <TagList tags={article.tags} />
        </header>
        {article.slug === PLAN_COMPARISON_ARTICLE && <PlanComparison />}
        <Markdown>{article.content}</Markdown>
      </article>
      <RelatedArticles articles={relatedArticles(knowledgeBase, article)} />
      <NeedHelp />
    </main>
  );
}
