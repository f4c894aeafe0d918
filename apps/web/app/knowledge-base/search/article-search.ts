import type { IFuseOptions } from "fuse.js";
import type { Article } from "../content/article.ts";
import { plainText } from "./plain-text.ts";
import { SEARCH_LIMITS } from "./search-limits.ts";
import { queryTerms } from "./tokens.ts";
import { buildWordIndex } from "./word-index.ts";
import { createWordMatcher } from "./word-matcher.ts";

/** One article found by a query, best first, with the words that matched (for highlighting). */
export interface SearchHit {
  article: Article;
  score: number;
  words: ReadonlySet<string>;
}

/** Finds articles by title, description, tags and body text, forgiving typos. */
export interface ArticleSearch {
  search(query: string, limit?: number): SearchHit[];
}

const FUSE_OPTIONS: IFuseOptions<string> = {
  threshold: SEARCH_LIMITS.threshold,
  minMatchCharLength: SEARCH_LIMITS.minMatchCharLength,
  // Without this Fuse only looks near the start of a text; a term may sit anywhere in a word.
  ignoreLocation: true,
  includeScore: true,
};
// A word found in the title outranks the same word in the tags, the description, then the body.
const FIELD_PENALTY = [0, 0.05, 0.1, 0.2];

/**
 * Builds the index once. A query is split into terms; each term is matched fuzzily (Fuse.js)
 * against the distinct words of all articles, and an article is a hit when it holds a match
 * for every term. Scanning distinct words instead of whole bodies keeps queries fast.
 */
export function createArticleSearch(articles: readonly Article[]): ArticleSearch {
  const index = buildWordIndex(
    articles.map((article) => ({
      title: article.title,
      tags: article.tags.join(" "),
      description: article.description,
      content: plainText(article.content),
    })),
  );
  const matchWords = createWordMatcher(index.words, FUSE_OPTIONS);

  function documentsFor(term: string): Map<number, { score: number; words: string[] }> {
    const found = new Map<number, { score: number; words: string[] }>();
    for (const { word, score } of matchWords(term)) {
      const closeness = word === term ? 0 : word.startsWith(term) ? 0.05 : 0.1 + score;
      for (const [doc, rank] of index.postings.get(word) ?? []) {
        const total = closeness + (FIELD_PENALTY[rank] ?? 0.2);
        const entry = found.get(doc);
        if (!entry) found.set(doc, { score: total, words: [word] });
        else {
          entry.score = Math.min(entry.score, total);
          entry.words.push(word);
        }
      }
    }
    return found;
  }

  return {
    search(query, limit) {
      if (query.trim().length < SEARCH_LIMITS.minQueryLength) return [];
      const terms = queryTerms(query);
      if (!terms.length) return [];
      const perTerm = terms.map(documentsFor);
      const [first, ...rest] = perTerm;
      const hits: SearchHit[] = [];
      for (const [doc, entry] of first ?? []) {
        const others = rest.map((docs) => docs.get(doc));
        if (others.some((other) => !other)) continue;
        const all = [entry, ...others] as { score: number; words: string[] }[];
        hits.push({
          article: articles[doc] as Article,
          score: all.reduce((sum, e) => sum + e.score, 0) / all.length,
          words: new Set(all.flatMap((e) => e.words)),
        });
      }
      hits.sort((a, b) => a.score - b.score || a.article.title.localeCompare(b.article.title));
      return limit === undefined ? hits : hits.slice(0, limit);
    },
  };
}
