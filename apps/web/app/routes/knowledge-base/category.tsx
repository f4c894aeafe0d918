import { Link, useParams } from "react-router";
import { ArticleCard } from "../../knowledge-base/components/article-card.tsx";
import { Breadcrumb } from "../../knowledge-base/components/breadcrumb.tsx";
import { CategoryIcon } from "../../knowledge-base/components/category-icon.tsx";
import { RedirectHome } from "../../knowledge-base/components/redirect-home.tsx";
import { knowledgeBase } from "../../knowledge-base/content/bundled.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../../knowledge-base/page-meta.ts";

function categoryWithId(id: string | undefined) {
  return knowledgeBase.categories.find((category) => category.id === id);
}

export function meta({ params }: { params: { categoryId?: string } }) {
  const category = categoryWithId(params.categoryId);
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
  const category = categoryWithId(categoryId);
  if (!category) return <RedirectHome reason={`No knowledge-base category "${categoryId}"`} />;
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
