import type { MetaDescriptor } from "react-router";
import { pageMeta } from "../lib/page-meta.ts";
import { getSiteConfig } from "../lib/site-config.ts";
import type { Crumb } from "./components/breadcrumb.tsx";

export interface KnowledgeBasePageMeta {
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  /** The page's breadcrumb trail, published as structured data for search engines. */
  trail: readonly Crumb[];
}

/** Title, description, canonical link, keywords and breadcrumb structured data of a help page. */
export function knowledgeBaseMeta(input: KnowledgeBasePageMeta): MetaDescriptor[] {
  const base = getSiteConfig().publicUrl;
  return [
    ...pageMeta({
      ...input,
      keywords: input.keywords ?? ["help centre", "knowledge base", "uptime monitoring"],
    }),
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
}

/** The first step of every breadcrumb. */
export const KNOWLEDGE_BASE_CRUMB: Crumb = { name: "Knowledge Base", path: "/knowledge-base" };
