/** A piece of an account's message: words shown as written, an http(s) address, or a line break. */
export type MessagePart =
  | { kind: "text"; text: string }
  | { kind: "link"; href: string }
  | { kind: "break" };

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const CLOSING = /[.,;:!?)\]}]+$/;

/**
 * An account's plain-text message as paragraphs (split at blank lines) of parts: line breaks
 * inside a paragraph are kept, and http(s) addresses become links without the sentence's
 * closing punctuation. Nothing else is ever a link, so the text is safe to show once escaped.
 * @example messageParagraphs("See https://x.test.") // [[{kind:"text",text:"See "},{kind:"link",href:"https://x.test"},{kind:"text",text:"."}]]
 */
export function messageParagraphs(text: string): MessagePart[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .flatMap((line, index) =>
          index === 0 ? lineParts(line) : [{ kind: "break" as const }, ...lineParts(line)],
        ),
    );
}

function lineParts(line: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let words = "";
  let last = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const href = match[0].replace(CLOSING, "");
    const start = match.index ?? 0;
    words += line.slice(last, start);
    last = start + href.length;
    if (!URL.canParse(href)) {
      words += href;
      continue;
    }
    if (words) parts.push({ kind: "text", text: words });
    parts.push({ kind: "link", href });
    words = "";
  }
  words += line.slice(last);
  if (words) parts.push({ kind: "text", text: words });
  return parts;
}
