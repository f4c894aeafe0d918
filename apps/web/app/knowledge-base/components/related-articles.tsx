import { Link } from "react-router";
import type { ArticleSummary } from "../content/summaries.ts";

/** Other articles on the same subject. */
export function RelatedArticles({ articles }: { articles: readonly ArticleSummary[] }) {
  if (!articles.length) return null;
  return (
    <nav className="kb-related" aria-labelledby="related-title">
      <h2 id="related-title">Related articles</h2>
      <ul>
        {articles.map((article) => (
          <li key={article.slug}>
            <Link to={article.path} prefetch="intent">
              {article.title}
            </Link>
            <span className="kb-muted"> · {article.readingTime} read</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
