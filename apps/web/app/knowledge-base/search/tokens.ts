const TOKEN = /[\p{L}\p{N}]+(?:[._:/-][\p{L}\p{N}]+)*/gu;
const COMPOUND = /[._:/-]/;
const SEPARATORS = /[._:/-]+/;
const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from how i in is it my of on or the to what when why with you your".split(
    " ",
  ),
);

/**
 * The distinct searchable words of a text, lowercased: `cpu_threshold` and `us-west-1` are kept whole and
 * also split into their parts, so either form finds them. Words under two letters are dropped.
 */
export function searchTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const token of text.toLowerCase().match(TOKEN) ?? []) {
    if (token.length >= 2) tokens.add(token);
    if (!COMPOUND.test(token)) continue;
    for (const part of token.split(SEPARATORS)) if (part.length >= 2) tokens.add(part);
  }
  return [...tokens];
}

/** The words of a query that must all be found; common words only count when alone. */
export function queryTerms(query: string): string[] {
  const words = [...new Set(query.toLowerCase().match(TOKEN) ?? [])].filter((w) => w.length >= 2);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length ? meaningful : words;
}
