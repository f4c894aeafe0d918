import { PRODUCT_NAME, pageTitle } from "@upwatch/core";
import type { MetaDescriptor } from "react-router";
import { getSiteConfig } from "./site-config.ts";

export interface PageMetaInput {
  title: string;
  description: string;
  /** The route's path, such as `/contact`; used for the canonical link. */
  path: string;
  keywords?: readonly string[];
  /** `article` for help articles and guides; `website` otherwise. */
  ogType?: "website" | "article";
}

/** The picture link previews show for every page (made from `og-image.svg`, 1200 x 630). */
export const SOCIAL_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${PRODUCT_NAME}: uptime, API and server monitoring`,
};

/** The absolute address of the social preview image. */
export function socialImageUrl(): string {
  return `${getSiteConfig().publicUrl}${SOCIAL_IMAGE.path}`;
}

/** Title, description, keywords, social tags and canonical link for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = `${getSiteConfig().publicUrl}${input.path}`;
  const image = socialImageUrl();
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: SOCIAL_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SOCIAL_IMAGE.alt },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  return tags;
}
