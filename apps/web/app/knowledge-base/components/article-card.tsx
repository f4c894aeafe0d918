import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ArticleSummary } from "../content/summaries.ts";

interface ArticleCardProps {
  article: ArticleSummary;
  /** The heading level of the title in the page's outline. */
  level?: 2 | 3;
  /** The title as shown, for instance with the search terms highlighted. */
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** An article in a grid: title, description, reading time and a Read More link. */
export function ArticleCard({
  article,
  level = 2,
  title,
  description,
  children,
}: ArticleCardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="kb-card kb-article-card">
      <Heading className="kb-card-title">
        <Link to={article.path} prefetch="intent">
          {title ?? article.title}
        </Link>
      </Heading>
      <p className="kb-card-text">{description ?? article.description}</p>
      {children}
      <p className="kb-card-footer">
        <span className="kb-muted">{article.readingTime} read</span>
        <Link to={article.path} className="kb-read-more">
          Read More<span className="visually-hidden">: {article.title}</span> →
        </Link>
      </p>
    </article>
  );
}
