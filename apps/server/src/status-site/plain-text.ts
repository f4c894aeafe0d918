import { type MessagePart, messageParagraphs } from "@upwatch/core";
import { escapeHtml } from "../http/escape-html.ts";

/**
 * An account's plain text as HTML: escaped, paragraphs at blank lines, line breaks kept, and
 * http(s) addresses made into links that pass no reputation.
 * @example plainTextHtml("See https://x.test\n\nThanks") // "<p>See <a ...>https://x.test</a></p><p>Thanks</p>"
 */
export function plainTextHtml(text: string): string {
  return messageParagraphs(text)
    .map((parts) => `<p>${parts.map(partHtml).join("")}</p>`)
    .join("");
}

function partHtml(part: MessagePart): string {
  if (part.kind === "break") return "<br>";
  if (part.kind === "text") return escapeHtml(part.text);
  const url = escapeHtml(part.href);
  return `<a href="${url}" rel="nofollow ugc noopener">${url}</a>`;
}

/** An address the account gave, if it is http(s); anything else is not linked. */
export function safeHref(url: string | null): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : undefined;
}

const DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A moment as a `<time>` element in UTC, e.g. "24 Nov 2026, 10:30 UTC". */
export function timeHtml(ms: number): string {
  return `<time datetime="${new Date(ms).toISOString()}">${DATE.format(ms)} UTC</time>`;
}

/** A day as text, e.g. "24 Nov 2026". */
export function dayText(ms: number): string {
  return DAY.format(ms);
}
