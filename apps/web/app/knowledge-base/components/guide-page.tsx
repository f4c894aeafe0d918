import { Link } from "react-router";
import { RenderedMarkdown } from "../markdown/rendered-markdown.tsx";
import type { GuidePageData } from "../page-data.server.ts";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../page-meta.ts";
import { ArticleMeta } from "./article-meta.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { NeedHelp } from "./need-help.tsx";
import { TableOfContents } from "./table-of-contents.tsx";

/** The meta tags of a guide page. */
export function guideMeta({ guide }: GuidePageData) {
  return knowledgeBaseMeta({
    title: guide.title,
    description: guide.description,
    path: guide.path,
    trail: [KNOWLEDGE_BASE_CRUMB, { name: guide.title, path: guide.path }],
    article: { dateModified: guide.dateUpdated, section: "Guides" },
  });
}

/** A long guide with a table of contents built from its `##` sections. */
export function GuidePage({ data: { guide, sections, html } }: { data: GuidePageData }) {
  return (
    <main className="kb-page kb-guide">
      <Breadcrumb trail={[KNOWLEDGE_BASE_CRUMB, { name: guide.title }]} />
      <header className="kb-article-header">
        <p className="kb-eyebrow">Guide</p>
        <h1>{guide.title}</h1>
        <p className="kb-lead">{guide.description}</p>
        <ArticleMeta dateUpdated={guide.dateUpdated} readingTime={guide.readingTime} />
      </header>
      <div className="kb-guide-layout">
        <TableOfContents sections={sections} />
        <div>
          <RenderedMarkdown html={html} />
          <p>
            <Link to="/knowledge-base" className="kb-back-link">
              ← Back to the Knowledge Base
            </Link>
          </p>
          <NeedHelp />
        </div>
      </div>
    </main>
  );
}
