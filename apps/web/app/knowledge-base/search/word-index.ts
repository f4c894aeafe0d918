import { searchTokens } from "./tokens.ts";

/** Where a word was found in an article, best first: title, tags, description, body. */
export const FIELDS = ["title", "tags", "description", "content"] as const;
export type Field = (typeof FIELDS)[number];

/** The texts of one document, per field. */
export type FieldTexts = Record<Field, string>;

/** Every distinct word, and for each word the documents holding it with the best field. */
export interface WordIndex {
  words: string[];
  /** word -> (document number -> position in `FIELDS` of the best field holding it) */
  postings: Map<string, Map<number, number>>;
}

/** Indexes the words of every document once, so a query only scans the distinct words. */
export function buildWordIndex(documents: readonly FieldTexts[]): WordIndex {
  const postings = new Map<string, Map<number, number>>();
  documents.forEach((document, doc) => {
    FIELDS.forEach((field, rank) => {
      for (const word of searchTokens(document[field])) {
        let docs = postings.get(word);
        if (!docs) {
          docs = new Map();
          postings.set(word, docs);
        }
        const best = docs.get(doc);
        if (best === undefined || rank < best) docs.set(doc, rank);
      }
    });
  });
  return { words: [...postings.keys()], postings };
}
