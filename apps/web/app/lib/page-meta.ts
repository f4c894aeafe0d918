import { pageTitle } from "@upwatch/core";
import type { MetaDescriptor } from "react-router";
import { getSiteConfig } from "./site-config.ts";

export interface PageMetaInput {
  title: string;
  description: string;
  /** The route's path, such as `/contact`; used for the canonical link. */
  path: string;
  keywords?: readonly string[];
}

/** Title, description, keywords, social tags and canonical link for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = `${getSiteConfig().publicUrl}${input.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  return tags;
}
