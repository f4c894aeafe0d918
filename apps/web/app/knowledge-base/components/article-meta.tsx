import { formatDate } from "../content/format-date.ts";

interface ArticleMetaProps {
  dateUpdated: string;
  readingTime: string;
  version?: string | undefined;
}

/** Last update, reading time and, for agent articles, the agent version. */
export function ArticleMeta({ dateUpdated, readingTime, version }: ArticleMetaProps) {
  return (
    <p className="kb-article-meta kb-muted">
      {dateUpdated && (
        <span>
          Last updated <time dateTime={dateUpdated}>{formatDate(dateUpdated)}</time>
        </span>
      )}
      <span>{readingTime} read</span>
      {version && <span>Version {version}</span>}
    </p>
  );
}
