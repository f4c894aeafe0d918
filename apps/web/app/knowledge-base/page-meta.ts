import { PRODUCT_NAME } from "@upwatch/core";
import type { MetaDescriptor } from "react-router";
import { pageMeta, socialImageUrl } from "../lib/page-meta.ts";
import { getSiteConfig } from "../lib/site-config.ts";
import type { Crumb } from "./components/breadcrumb.tsx";

/** The dates and section an article or guide publishes as structured data. */
export interface ArticleFacts {
  /** ISO dates (`2024-09-12`); an empty one is left out. */
  datePublished?: string;
  dateModified: string;
  /** The category's name, such as "Monitoring Agents". */
  section?: string | undefined;
}

export interface KnowledgeBasePageMeta {
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  /** The page's breadcrumb trail, published as structured data for search engines. */
  trail: readonly Crumb[];
  /** Present on articles and guides: published as schema.org `TechArticle`. */
  article?: ArticleFacts;
}

/** Title, description, canonical link, keywords and structured data of a help page. */
export function knowledgeBaseMeta(input: KnowledgeBasePageMeta): MetaDescriptor[] {
  const base = getSiteConfig().publicUrl;
  const keywords = input.keywords ?? ["help centre", "knowledge base", "uptime monitoring"];
  const tags: MetaDescriptor[] = [
    ...pageMeta({ ...input, keywords, ogType: input.article ? "article" : "website" }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: input.trail.map((crumb, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: crumb.name,
          item: `${base}${crumb.path ?? input.path}`,
        })),
      },
    },
  ];
  if (input.article) tags.push(articleData(input, input.article, base, keywords));
  return tags;
}

function articleData(
  input: KnowledgeBasePageMeta,
  facts: ArticleFacts,
  base: string,
  keywords: readonly string[],
): MetaDescriptor {
  const organization = { "@type": "Organization", name: PRODUCT_NAME, url: `${base}/` };
  const published = facts.datePublished || facts.dateModified;
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "TechArticle",
      headline: input.title,
      description: input.description,
      url: `${base}${input.path}`,
      mainEntityOfPage: `${base}${input.path}`,
      image: socialImageUrl(),
      ...(published ? { datePublished: published } : {}),
      ...(facts.dateModified ? { dateModified: facts.dateModified } : {}),
      ...(facts.section ? { articleSection: facts.section } : {}),
      keywords: keywords.join(", "),
      inLanguage: "en",
      author: organization,
      publisher: organization,
    },
  };
}

/** The first step of every breadcrumb. */
export const KNOWLEDGE_BASE_CRUMB: Crumb = { name: "Knowledge Base", path: "/knowledge-base" };
