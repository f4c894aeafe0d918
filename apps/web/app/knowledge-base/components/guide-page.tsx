import { Link } from "react-router";
import { knowledgeBase } from "../content/bundled.ts";
import { Markdown } from "../markdown/markdown.tsx";
import { KNOWLEDGE_BASE_CRUMB, knowledgeBaseMeta } from "../page-meta.ts";
import { ArticleMeta } from "./article-meta.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { NeedHelp } from "./need-help.tsx";
import { TableOfContents } from "./table-of-contents.tsx";

function guideNamed(slug: string) {
  const guide = knowledgeBase.guides.find((candidate) => candidate.slug === slug);
  if (!guide) throw new Error(`content/guides/${slug}.md is missing from the build`);
  return guide;
}

/** The meta tags of a guide page. */
export function guideMeta(slug: string) {
  const guide = guideNamed(slug);
  return knowledgeBaseMeta({
    title: guide.title,
    description: guide.description,
    path: guide.path,
    trail: [KNOWLEDGE_BASE_CRUMB, { name: guide.title, path: guide.path }],
  });
}

/** A long guide with a table of contents built from its `##` sections. */
export function GuidePage({ slug }: { slug: string }) {
  const guide = guideNamed(slug);
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
        <TableOfContents sections={guide.sections} />
        <div>
          <Markdown>{guide.content}</Markdown>
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
