import { type ContentFile, parseContentFile } from "./front-matter.ts";
import { buildKnowledgeBase, type ContentFiles, type KnowledgeBase } from "./knowledge-base.ts";

// The markdown under the repository's content/ folder, inlined into the bundle at build time.
const articleSources = import.meta.glob<string>("../../../../../content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const guideSources = import.meta.glob<string>("../../../../../content/guides/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const pageSources = import.meta.glob<string>("../../../../../content/pricing-faq.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The bundled content files, parsed; a malformed file throws with its path in the message. */
export function bundledContentFiles(): ContentFiles {
  const pricingFaq = parseAll(pageSources)[0] ?? {
    file: "content/pricing-faq.md",
    data: {},
    body: "",
  };
  return { articles: parseAll(articleSources), guides: parseAll(guideSources), pricingFaq };
}

/** The help centre built from the bundled files. */
export const knowledgeBase: KnowledgeBase = buildKnowledgeBase(bundledContentFiles());

function parseAll(sources: Record<string, string>): ContentFile[] {
  return Object.entries(sources)
    .map(([path, raw]) => parseContentFile(path.replace(/^(\.\.\/)+/, ""), raw))
    .sort((a, b) => a.file.localeCompare(b.file));
}
