import { Link, useLoaderData, useParams } from "react-router";
import { ArticleCard } from "../../knowledge-base/components/article-card.tsx";
import { Breadcrumb } from "../../knowledge-base/components/breadcrumb.tsx";
import { CategoryIcon } from "../../knowledge-base/components/category-icon.tsx";
import { RedirectHome } from "../../knowledge-base/components/redirect-home.tsx";
import type { CategorySummary } from "../../knowledge-base/content/summaries.ts";
import { categoryPageData } from "../../knowledge-base/page-data.server.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";

export function loader({ params }: { params: { categoryId?: string } }) {
  return categoryPageData(params.categoryId);
}

export function meta({ loaderData }: { loaderData: ReturnType<typeof loader> | undefined }) {
  const category = loaderData;
  if (!category) return [{ title: "Knowledge Base" }, { name: "robots", content: "noindex" }];
  const path = `/knowledge-base/category/${category.id}`;
  return knowledgeBaseMeta({
    title: `${category.name} - Knowledge Base`,
    description: category.description,
    path,
    keywords: [category.name, ...new Set(category.articles.flatMap((a) => a.tags))].slice(0, 10),
    trail: [KNOWLEDGE_BASE_CRUMB, { name: category.name, path }],
  });
}

/** One category: its description and a card for each of its articles. */
export default function CategoryPage() {
  const { categoryId } = useParams();
  const category = useLoaderData<typeof loader>();
  if (!category) return <RedirectHome reason={`No knowledge-base category "${categoryId}"`} />;
  return <CategoryView category={category} />;
}

/** A category that was never built (its data is missing) leads to the front page too. */
export function ErrorBoundary() {
  const { categoryId } = useParams();
  return <RedirectHome reason={`No knowledge-base category "${categoryId}"`} />;
}

/** The category's header and its article cards, or a way back when it has none yet. */
export function CategoryView({ category }: { category: CategorySummary }) {
  const count = category.articles.length;
  return (
    <main className="kb-page">
      <Breadcrumb trail={[KNOWLEDGE_BASE_CRUMB, { name: category.name }]} />
      <header className="kb-category-header">
        <span className="kb-icon-badge kb-icon-large">
          <CategoryIcon name={category.icon} />
        </span>
        <div>
          <h1>{category.name}</h1>
          <p className="kb-lead">{category.description}</p>
          <p className="kb-muted">
            {count} {count === 1 ? "article" : "articles"}
          </p>
        </div>
      </header>
      {count === 0 ? (
        <div className="kb-empty">
          <p>No articles found in this category yet.</p>
          <Link to="/knowledge-base" className="button button-primary">
            Back to Knowledge Base
          </Link>
        </div>
      ) : (
        <div className="kb-grid">
          {category.articles.map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </div>
      )}
    </main>
  );
}
