import { useLoaderData, useParams } from "react-router";
import { ArticleMeta } from "../../knowledge-base/components/article-meta.tsx";
import { Breadcrumb, type Crumb } from "../../knowledge-base/components/breadcrumb.tsx";
import { NeedHelp } from "../../knowledge-base/components/need-help.tsx";
import { PlanComparison } from "../../knowledge-base/components/plan-comparison.tsx";
import { RedirectHome } from "../../knowledge-base/components/redirect-home.tsx";
import { RelatedArticles } from "../../knowledge-base/components/related-articles.tsx";
import { TagList } from "../../knowledge-base/components/tag-list.tsx";
import { findCategoryInfo } from "../../knowledge-base/content/categories.ts";
import type { ArticleSummary } from "../../knowledge-base/content/summaries.ts";
import { RenderedMarkdown } from "../../knowledge-base/markdown/rendered-markdown.tsx";
import { articlePageData } from "../../knowledge-base/page-data.server.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";

export function loader({ params }: { params: { slug?: string } }) {
  return articlePageData(params.slug);
}

function trailOf(article: ArticleSummary): Crumb[] {
  const category = findCategoryInfo(article.category);
  return [
    KNOWLEDGE_BASE_CRUMB,
    category
      ? { name: category.name, path: `/knowledge-base/category/${category.id}` }
      : { name: "Uncategorized" },
    { name: article.title, path: article.path },
  ];
}

export function meta({ loaderData }: { loaderData: ReturnType<typeof loader> | undefined }) {
  const article = loaderData?.article;
  if (!article) return [{ title: "Knowledge Base" }, { name: "robots", content: "noindex" }];
  return knowledgeBaseMeta({
    title: article.title,
    description: article.description,
    path: article.path,
    keywords: article.tags,
    trail: trailOf(article),
    article: {
      datePublished: article.dateCreated,
      dateModified: article.dateUpdated,
      section: findCategoryInfo(article.category)?.name,
    },
  });
}

/** One help article: its words, its facts, related reading and a way to ask for help. */
export default function ArticlePage() {
  const { slug } = useParams();
  const data = useLoaderData<typeof loader>();
  if (!data) return <RedirectHome reason={`No knowledge-base article "${slug}"`} />;
  const { article, html, related, showPlans } = data;
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
        {showPlans && <PlanComparison />}
        <RenderedMarkdown html={html} />
      </article>
      <RelatedArticles articles={related} />
      <NeedHelp />
    </main>
  );
}

/** An article that was never built (its data is missing) leads to the front page too. */
export function ErrorBoundary() {
  const { slug } = useParams();
  return <RedirectHome reason={`No knowledge-base article "${slug}"`} />;
}
