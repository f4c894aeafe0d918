import Fuse, { type IFuseOptions } from "fuse.js";

/** A word of the index close enough to a query term, with Fuse's score (0 is exact). */
export interface WordMatch {
  word: string;
  score: number;
}

/** Finds the words within the fuzzy threshold of a term. */
export type WordMatcher = (term: string) => WordMatch[];

/**
 * Fuse.js over a word list, behind a filter that gives the same answers faster: a word within
 * k edits of a term shares at least (distinct pairs of letters in the term - 2k) pairs with it,
 * so only those words are handed to Fuse.
 */
export function createWordMatcher(words: readonly string[], options: IFuseOptions<string>) {
  const threshold = options.threshold ?? 0.6;
  const wordsOfPair = new Map<string, number[]>();
  words.forEach((word, id) => {
    for (const pair of letterPairs(word)) {
      const ids = wordsOfPair.get(pair);
      if (ids) ids.push(id);
      else wordsOfPair.set(pair, [id]);
    }
  });
  const everything = new Fuse(words, options);

  return (term: string): WordMatch[] => {
    const pairs = letterPairs(term);
    const allowedEdits = Math.floor(threshold * term.length + 1e-9);
    const needed = pairs.size - 2 * allowedEdits;
    const fuse = needed > 0 ? new Fuse(candidates(pairs, needed), options) : everything;
    return fuse.search(term).map(({ item, score }) => ({ word: item, score: score ?? 1 }));
  };

  function candidates(pairs: Set<string>, needed: number): string[] {
    const shared = new Uint16Array(words.length);
    const found: string[] = [];
    for (const pair of pairs) {
      for (const id of wordsOfPair.get(pair) ?? []) {
        shared[id] = (shared[id] ?? 0) + 1;
        if (shared[id] === needed) found.push(words[id] as string);
      }
    }
    return found;
  }
}

function letterPairs(word: string): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) pairs.add(word.slice(i, i + 2));
  return pairs;
}
