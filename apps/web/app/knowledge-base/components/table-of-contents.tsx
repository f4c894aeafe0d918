import type { Section } from "../content/headings.ts";

/** Links to the `##` sections of a guide. */
export function TableOfContents({ sections }: { sections: readonly Section[] }) {
  return (
    <nav className="kb-toc" aria-labelledby="toc-title">
      <h2 id="toc-title">On this page</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
