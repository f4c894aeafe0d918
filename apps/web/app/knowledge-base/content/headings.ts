/** A `##` section of a page, for its table of contents. */
export interface Section {
  id: string;
  title: string;
}

/** The anchor id of a heading: `Step 1: Install` -> `step-1-install`. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

/** The text a reader sees for inline markdown: links, code and emphasis marks removed. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, "$1$2")
    .trim();
}

/** The `##` headings (and deeper ones up to `deepest`) of a markdown body, outside code blocks. */
export function sectionsOf(markdown: string, deepest = 2): Section[] {
  const heading = new RegExp(`^#{2,${deepest}}\\s+(.+?)\\s*#*\\s*$`);
  const sections: Section[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : heading.exec(line);
    if (match?.[1]) {
      const title = inlineText(match[1]);
      sections.push({ id: headingId(title), title });
    }
  }
  return sections;
}
