import { Link } from "react-router";
import { ArticleCard } from "../components/article-card.tsx";
import { TagList } from "../components/tag-list.tsx";
import { findCategoryInfo } from "../content/categories.ts";
import { Highlight } from "./highlight.tsx";
import { useArticleSearch } from "./use-article-search.ts";

/** Every article matching the query, as a grid, with the count and a way back. */
export function SearchResults({ query }: { query: string }) {
  const { search } = useArticleSearch(true);
  const hits = search?.search(query);
  return (
    <section className="kb-results" aria-labelledby="results-title" aria-busy={!hits}>
      <div className="kb-results-head">
        <h2 id="results-title">Search results for “{query}”</h2>
        <p className="kb-muted" role="status">
          {hits
            ? `${hits.length} ${hits.length === 1 ? "article matches" : "articles match"} your search.`
            : "Searching…"}
        </p>
        <Link to="/knowledge-base" className="kb-back-link">
          ← Back to all categories
        </Link>
      </div>
      {hits && hits.length === 0 && (
        <p className="kb-empty">No articles found matching your search.</p>
      )}
      {hits && hits.length > 0 && (
        <div className="kb-grid">
          {hits.map(({ article, words }) => (
            <ArticleCard
              key={article.slug}
              article={article}
              level={3}
              title={<Highlight text={article.title} words={words} />}
              description={<Highlight text={article.description} words={words} />}
            >
              <div className="kb-card-meta">
                <span className="kb-option-category">
                  {findCategoryInfo(article.category)?.name ?? "Uncategorized"}
                </span>
                <TagList tags={article.tags.slice(0, 2)} />
              </div>
            </ArticleCard>
          ))}
        </div>
      )}
    </section>
  );
}
