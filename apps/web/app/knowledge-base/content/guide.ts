import { DEFAULT_READING_TIME, slugFromFile, text } from "./article.ts";
import type { ContentFile } from "./front-matter.ts";
import { type Section, sectionsOf } from "./headings.ts";

/** A long-form guide served as its own page with a table of contents. */
export interface Guide {
  slug: string;
  title: string;
  description: string;
  dateUpdated: string;
  readingTime: string;
  content: string;
  path: string;
  sections: Section[];
}

/** Builds a guide from `content/guides/<slug>.md`. */
export function toGuide({ file, data, body }: ContentFile): Guide {
  const slug = slugFromFile(file);
  return {
    slug,
    title: text(data.title) || slug,
    description: text(data.description),
    dateUpdated: text(data.dateUpdated),
    readingTime: text(data.readingTime) || DEFAULT_READING_TIME,
    content: body,
    path: `/knowledge-base/${slug}`,
    sections: sectionsOf(body),
  };
}
