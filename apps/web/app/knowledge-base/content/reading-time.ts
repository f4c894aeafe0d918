const WORDS_PER_MINUTE = 200;

/** Words of a markdown body as `wc -w` counts them: runs of characters between whitespace. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter(Boolean).length;
}

/** The reading time a text should state: one minute per 200 words, rounded up (`7 min`). */
export function readingTimeFor(markdown: string): string {
  return `${Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE))} min`;
}
