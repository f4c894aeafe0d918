import { resolveContentHref } from "../content/content-href.ts";
import { sectionsOf } from "../content/headings.ts";
import type { KnowledgeBase } from "../content/knowledge-base.ts";
import { knowledgeBasePaths } from "../content/page-paths.ts";
import { linkTargets } from "./links.ts";

/** The public site's pages outside the help centre that articles may link to. */
export const SITE_PAGES = ["/", "/contact", "/privacy", "/terms", "/account-deletion"];

/** One markdown text of the help centre and the file it came from. */
export interface ContentText {
  file: string;
  markdown: string;
}

/** Every help-centre markdown text: articles, guides and the pricing FAQ. */
export function contentTexts(kb: KnowledgeBase): ContentText[] {
  return [
    ...kb.articles.map((a) => ({ file: `content/articles/${a.slug}.md`, markdown: a.content })),
    ...kb.guides.map((g) => ({ file: `content/guides/${g.slug}.md`, markdown: g.content })),
    {
      file: "content/pricing-faq.md",
      markdown: kb.pricingFaq.questions.map((q) => q.answer).join("\n\n"),
    },
  ];
}

/** Links that lead nowhere: no such page, or no such heading on the page. */
export function checkInternalLinks(kb: KnowledgeBase, text: ContentText): string[] {
  const pages = new Set([...knowledgeBasePaths(kb), ...SITE_PAGES]);
  const anchors = anchorsByPath(kb);
  return linkTargets(text.markdown).flatMap((target) => {
    const resolved = resolveContentHref(target);
    if (resolved.kind === "plain" && target.startsWith("#")) {
      const own = anchors.get(pathOf(kb, text.file) ?? "");
      return own && !own.has(target.slice(1))
        ? [`${text.file}: the link "${target}" names no heading of this page`]
        : [];
    }
    if (resolved.kind !== "internal") return [];
    const [path = "", anchor] = resolved.to.split(/[?#]/);
    if (!pages.has(path)) return [`${text.file}: the link "${target}" leads to ${path}, no page`];
    const headings = anchors.get(path);
    if (anchor && headings && !headings.has(anchor)) {
      return [`${text.file}: the link "${target}" names no heading of ${path}`];
    }
    return [];
  });
}

function anchorsByPath(kb: KnowledgeBase): Map<string, Set<string>> {
  const pages = [...kb.articles, ...kb.guides];
  return new Map(
    pages.map((page) => [
      page.path,
      new Set(sectionsOf(page.content, 3).map((section) => section.id)),
    ]),
  );
}

function pathOf(kb: KnowledgeBase, file: string): string | undefined {
  const slug = file.split("/").at(-1)?.replace(/\.md$/, "");
  return [...kb.articles, ...kb.guides].find((page) => page.slug === slug)?.path;
}
