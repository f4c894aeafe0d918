import { UNCATEGORIZED } from "./categories.ts";
import type { ContentFile } from "./front-matter.ts";

/** A help article as the pages, the search and the content checks see it. */
export interface Article {
  slug: string;
  title: string;
  description: string;
  /** One of the category ids, or `uncategorized` when the front matter names none. */
  category: string;
  tags: string[];
  /** ISO dates (`2024-09-12`), or empty when the front matter has none. */
  dateCreated: string;
  dateUpdated: string;
  /** Such as `7 min`. */
  readingTime: string;
  /** The markdown body. */
  content: string;
  /** The article's page, such as `/knowledge-base/linux-agent`. */
  path: string;
  version?: string;
  featured?: boolean;
}

export const DEFAULT_READING_TIME = "5 min";

/** Builds an article from its file, with the defaults of a file whose front matter is thin. */
export function toArticle({ file, data, body }: ContentFile): Article {
  const slug = text(data.slug) || slugFromFile(file);
  const article: Article = {
    slug,
    title: text(data.title) || slug,
    description: text(data.description),
    category: text(data.category) || UNCATEGORIZED,
    tags: Array.isArray(data.tags) ? data.tags.map(text).filter(Boolean) : [],
    dateCreated: text(data.dateCreated),
    dateUpdated: text(data.dateUpdated),
    readingTime: text(data.readingTime) || DEFAULT_READING_TIME,
    content: body,
    path: `/knowledge-base/${slug}`,
  };
  const version = text(data.version);
  if (version) article.version = version;
  if (typeof data.featured === "boolean") article.featured = data.featured;
  return article;
}

/** `content/articles/linux-agent.md` -> `linux-agent`. */
export function slugFromFile(file: string): string {
  return (file.split("/").at(-1) ?? file).replace(/\.md$/, "");
}

/** A front-matter value as trimmed text; numbers become text, anything else is empty. */
export function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || value instanceof Date) return String(value);
  return "";
}
