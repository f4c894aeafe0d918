/** The prose of a markdown body as plain sentences: no code blocks, tables or emphasis marks. */
export function proseSentences(markdown: string): string[] {
  const sentences: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || /^\s*\|/.test(line)) continue;
    const plain = plainInline(line.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s*)/, ""));
    sentences.push(...plain.split(/(?<=[.!?])\s+(?=[A-Z(])/).filter((s) => s.trim()));
  }
  return sentences;
}

/** Inline markdown as the reader sees it: link text kept, code and emphasis marks dropped. */
export function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*|__/g, "")
    .replace(/(^|\s)\*(\S[^*]*)\*/g, "$1$2");
}

/** The tables of a markdown body: rows of trimmed, plain cells (the separator row dropped). */
export function markdownTables(markdown: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of markdown.split("\n")) {
    if (!/^\s*\|/.test(line)) {
      current = undefined;
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => plainInline(cell).trim());
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (!current) {
      current = [];
      tables.push(current);
    }
    current.push(cells);
  }
  return tables;
}
