/** A piece of account text: words to show as they are, or an address to link. */
export type TextPiece = { kind: "text"; text: string } | { kind: "link"; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]']+$/;

/** Splits plain text into words and http(s) addresses, leaving closing punctuation outside. */
export function linkPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const found = match[0];
    const href = found.replace(TRAILING, "");
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: "text", text: text.slice(last, start) });
    if (URL.canParse(href)) pieces.push({ kind: "link", href });
    else pieces.push({ kind: "text", text: href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces;
}

/** The paragraphs of a message: blank lines separate them, single line breaks stay inside. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split("\n"));
}
