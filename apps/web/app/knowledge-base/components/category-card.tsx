import { Link } from "react-router";
import type { CategorySummary } from "../content/summaries.ts";
import { CategoryIcon } from "./category-icon.tsx";

const TITLES_SHOWN = 3;

/** A category on the front page: name, description, count and its first three articles. */
export function CategoryCard({ category }: { category: CategorySummary }) {
  const count = category.articles.length;
  const path = `/knowledge-base/category/${category.id}`;
  return (
    <section className="kb-card kb-category-card" aria-labelledby={`category-${category.id}`}>
      <div className="kb-category-head">
        <span className="kb-icon-badge">
          <CategoryIcon name={category.icon} />
        </span>
        <div>
          <h3 id={`category-${category.id}`} className="kb-card-title">
            <Link to={path} prefetch="intent">
              {category.name}
            </Link>
          </h3>
          <p className="kb-muted kb-count">
            {count} {count === 1 ? "article" : "articles"}
          </p>
        </div>
      </div>
      <p className="kb-card-text">{category.description}</p>
      <ul className="kb-title-list">
        {category.articles.slice(0, TITLES_SHOWN).map((article) => (
          <li key={article.slug}>
            <Link to={article.path} prefetch="intent">
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
      {count > TITLES_SHOWN && (
        <Link to={path} className="kb-view-all">
          View all {count} articles →
        </Link>
      )}
    </section>
  );
}
